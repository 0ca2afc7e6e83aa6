import { clsx, type ClassValue } from 'clsx';
import { createTailwindMerge } from 'tailwind-merge/es5';

// The first paint's components (button, badge, spinner, logo, the header's search and menu, the
// home hero; the event page's first view: cover, price box, avatar, alert, stars) merge classes
// with tailwind-merge's engine and a small configuration that knows the groups their own classes
// belong to, instead of the full default one: the full one is 8.4 KB of the home route's 128 KB
// first load, this 3.4 KB (decision 057). `cn-light.test.ts` checks that for every class written
// anywhere in the web app, used as an override of these components, the answer is the same as
// the full `cn`'s. The engine comes from the package's es5 build: a module lands whole in one
// chunk, and the main build also holds the default configuration that the
// full `cn` of later pages needs, so those pages load the engine a second time (2.3 KB, cached).

const any = () => true;
const isNumber = (value: string) => /^\d+(\.\d+)?$/.test(value);
const isArbitrary = (value: string) => /^\[.+\]$/.test(value);
/** Spacing and sizes: `4`, `0.5`, `px`, `full`, `1/2`, `[3.4em]`, `(--var)`, `screen`… */
const isSize = (value: string) =>
  isNumber(value) ||
  isArbitrary(value) ||
  /^(\d+\/\d+|\(.+\)|px|full|auto|screen|[sdl]?v[hw]|min|max|fit|\d?xs|sm|md|lg|\d?xl|prose)$/.test(
    value,
  );
const isWidth = (value: string) => isNumber(value) || /^\[(\d|length:)/.test(value);
const isFontSize = (value: string) =>
  /^(xs|sm|base|lg|\d?xl)$/.test(value) || /^\[(\d|length:)/.test(value);
const sides = ['x', 'y', 's', 'e', 't', 'r', 'b', 'l'] as const;

/** `border`, `border-2`, `border-x`, `border-t-0`…: widths on every side. */
const borderWidths = Object.fromEntries([
  ['border-w', [{ border: ['', isWidth] }]],
  ...sides.map((side) => [`border-w-${side}`, [{ [`border-${side}`]: ['', isWidth] }]]),
]);
const borderColors = Object.fromEntries([
  ['border-color', [{ border: [any] }]],
  ...sides.map((side) => [`border-color-${side}`, [{ [`border-${side}`]: [any] }]]),
]);
const paddings = Object.fromEntries(
  ['p', 'px', 'py', 'ps', 'pe', 'pt', 'pr', 'pb', 'pl'].map((p) => [p, [{ [p]: [isSize] }]]),
);
const corners = ['s', 'e', 't', 'r', 'b', 'l', 'ss', 'se', 'ee', 'es', 'tl', 'tr', 'br', 'bl'];
const roundings = Object.fromEntries([
  ['rounded', [{ rounded: ['', any] }]],
  ...corners.map((corner) => [`rounded-${corner}`, [{ [`rounded-${corner}`]: ['', any] }]]),
]);

const mergeLight = createTailwindMerge(() => ({
  cacheSize: 200,
  theme: {},
  classGroups: {
    display: [
      'block',
      'inline-block',
      'inline',
      'flex',
      'inline-flex',
      'table',
      'inline-table',
      'flow-root',
      'grid',
      'inline-grid',
      'contents',
      'list-item',
      'hidden',
    ],
    position: ['static', 'fixed', 'absolute', 'relative', 'sticky'],
    flex: [{ flex: ['1', 'auto', 'initial', 'none', isArbitrary] }],
    grow: [{ grow: ['', any] }],
    shrink: [{ shrink: ['', any] }],
    'align-items': [{ items: ['start', 'end', 'center', 'baseline', 'stretch'] }],
    'justify-content': [
      { justify: ['normal', 'start', 'end', 'center', 'between', 'around', 'evenly', 'stretch'] },
    ],
    gap: [{ gap: [isSize] }],
    'gap-x': [{ 'gap-x': [isSize] }],
    'gap-y': [{ 'gap-y': [isSize] }],
    'line-clamp': [{ 'line-clamp': [isNumber, 'none', isArbitrary] }],
    cursor: [{ cursor: [any] }],
    ...paddings,
    w: [{ w: [isSize] }],
    h: [{ h: [isSize] }],
    size: [{ size: [isSize] }],
    'min-h': [{ 'min-h': [isSize] }],
    ...roundings,
    'font-weight': [
      {
        font: ['thin', 'extralight', 'light', 'normal', 'medium', 'semibold', 'bold', 'extrabold'],
      },
      { font: ['black'] },
    ],
    'font-size': [{ text: [isFontSize] }],
    'text-alignment': [{ text: ['left', 'center', 'right', 'justify', 'start', 'end'] }],
    'text-wrap': [{ text: ['wrap', 'nowrap', 'balance', 'pretty'] }],
    'text-overflow': ['truncate', 'text-ellipsis', 'text-clip'],
    'text-color': [{ text: [any] }],
    tracking: [{ tracking: [any] }],
    whitespace: [{ whitespace: [any] }],
    transition: [{ transition: ['', 'all', 'colors', 'opacity', 'shadow', 'transform', 'none'] }],
    ease: [{ ease: [any] }],
    opacity: [{ opacity: [any] }],
    'pointer-events': [{ 'pointer-events': ['auto', 'none'] }],
    'bg-attachment': [{ bg: ['fixed', 'local', 'scroll'] }],
    'bg-position': [{ bg: ['center', 'top', 'bottom', 'left', 'right'] }],
    'bg-repeat': [{ bg: ['repeat', 'no-repeat'] }],
    'bg-size': [{ bg: ['auto', 'cover', 'contain'] }],
    'bg-image': [{ bg: ['none'] }],
    'bg-color': [{ bg: [any] }],
    'gradient-from-pos': [{ from: [(value: string) => /^\d+%$/.test(value)] }],
    'gradient-from': [{ from: [any] }],
    'gradient-to-pos': [{ to: [(value: string) => /^\d+%$/.test(value)] }],
    'gradient-to': [{ to: [any] }],
    aspect: [{ aspect: [any] }],
    'object-fit': [{ object: ['contain', 'cover', 'fill', 'none', 'scale-down'] }],
    ...borderWidths,
    'border-collapse': [{ border: ['collapse', 'separate'] }],
    'border-style': [{ border: ['solid', 'dashed', 'dotted', 'double', 'hidden', 'none'] }],
    ...borderColors,
    'outline-style': [{ outline: ['solid', 'dashed', 'dotted', 'double', 'none', 'hidden'] }],
    'outline-offset': [{ 'outline-offset': [any] }],
    'outline-w': [{ outline: ['', isWidth] }],
    'outline-color': [{ outline: [any] }],
  },
  conflictingClassGroups: {
    'line-clamp': ['display'],
    flex: ['grow', 'shrink'],
    gap: ['gap-x', 'gap-y'],
    p: ['px', 'py', 'ps', 'pe', 'pt', 'pr', 'pb', 'pl'],
    px: ['ps', 'pe', 'pr', 'pl'],
    py: ['pt', 'pb'],
    size: ['w', 'h'],
    rounded: corners.map((corner) => `rounded-${corner}`),
    'rounded-s': ['rounded-ss', 'rounded-es'],
    'rounded-e': ['rounded-se', 'rounded-ee'],
    'rounded-t': ['rounded-tl', 'rounded-tr'],
    'rounded-r': ['rounded-tr', 'rounded-br'],
    'rounded-b': ['rounded-br', 'rounded-bl'],
    'rounded-l': ['rounded-tl', 'rounded-bl'],
    'border-w': sides.map((side) => `border-w-${side}`),
    'border-w-x': ['border-w-s', 'border-w-e', 'border-w-r', 'border-w-l'],
    'border-w-y': ['border-w-t', 'border-w-b'],
    'border-color': sides.map((side) => `border-color-${side}`),
    'border-color-x': ['border-color-s', 'border-color-e', 'border-color-r', 'border-color-l'],
    'border-color-y': ['border-color-t', 'border-color-b'],
  },
  conflictingClassGroupModifiers: {},
  orderSensitiveModifiers: [],
}));

/** `cn` for the first paint's components: the same answers for their classes, a lighter load. */
export function cnLight(...inputs: ClassValue[]): string {
  return mergeLight(clsx(inputs));
}
