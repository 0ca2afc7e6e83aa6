import { describe, expect, it } from 'vitest';
import { FFMPEG_MISSING_MESSAGE } from '../../../contracts/streaming';
import { translate } from './translate';

describe('translate', () => {
  it('says a contracts text in the language asked for, and English as it is', () => {
    expect(translate('es', FFMPEG_MISSING_MESSAGE)).toBe(
      'ffmpeg no está instalado en el servidor. Instale ffmpeg: sudo apt install ffmpeg',
    );
    expect(translate('en', FFMPEG_MISSING_MESSAGE)).toBe(FFMPEG_MISSING_MESSAGE);
  });

  it('fills a contracts template, its field name said in the same language', () => {
    expect(translate('de', 'Departure area must be at most 120 characters')).toBe(
      'Das Feld „Abfahrtsgebiet“ darf höchstens 120 Zeichen lang sein',
    );
  });

  it('leaves a text no catalog holds unchanged', () => {
    expect(translate('fr', 'Something a person typed')).toBe('Something a person typed');
  });
});
