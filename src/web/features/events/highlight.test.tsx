import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseHighlight } from './highlight';
import { HighlightedText } from './highlighted-text';

describe('parseHighlight', () => {
  it('splits text and marked matches', () => {
    expect(parseHighlight('a <mark>jazz</mark> night <mark>jazz</mark>')).toEqual([
      { text: 'a ', isMatch: false },
      { text: 'jazz', isMatch: true },
      { text: ' night ', isMatch: false },
      { text: 'jazz', isMatch: true },
    ]);
  });

  it('keeps a fragment without marks whole', () => {
    expect(parseHighlight('plain')).toEqual([{ text: 'plain', isMatch: false }]);
    expect(parseHighlight('')).toEqual([]);
  });
});

describe('HighlightedText', () => {
  it('renders a <script> in the fragment as text, not as an element', () => {
    const { container } = render(
      <p>
        <HighlightedText fragment={'<script>alert(1)</script> <mark>jazz</mark> <b>bold</b>'} />
      </p>,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('<script>alert(1)</script> jazz <b>bold</b>');
    const marks = container.querySelectorAll('mark');
    expect(marks).toHaveLength(1);
    expect(marks[0]?.textContent).toBe('jazz');
  });

  it('does not let a mark smuggle markup in', () => {
    const { container } = render(
      <p>
        <HighlightedText fragment={'<mark><img src=x onerror=alert(1)></mark>'} />
      </p>,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('mark')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});
