// The seat page's map before the app has loaded (started by seat-first-view.ts): it paints the
// map from the seating the server wrote into the page and lets a person choose seats on it at
// once. The app then starts with those seats chosen (seat-picker-page.tsx) and replaces this
// copy. The lists, the keyboard and screen-reader way to the same seats, come with the app.
import type { PageData } from '../../../contracts/page-data';
import {
  SEAT_PITCH,
  expandPlan,
  isBlocked,
  tableRadius,
  type Seat,
} from '../../../contracts/seat-layout';
import { SEATS_PER_ORDER_MAX } from '../../../contracts/seat-limits';
import type { EventSeating } from '../../../contracts/seating';
import { FIRST_VIEW_MAP } from './first-view-seats';
import { mapBox } from './plan-geometry';
import { paintSeats, planView, seatAt } from './seat-canvas';
import type { SeatView } from './seat-view';

const SVG = 'http://www.w3.org/2000/svg';
/** As the app's map draws a seat (seat-map.tsx). */
const R = SEAT_PITCH / 2 - 2;

function svgElement(tag: string, attributes: Record<string, string | number>, text?: string) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

/** The stage, standing areas, labels, table tops and rows' names, as the app's map draws them. */
function drawSections(svg: SVGSVGElement, seating: EventSeating, colours: Map<string, string>) {
  for (const section of seating.plan.sections) {
    if (section.kind === 'stage' || section.kind === 'standing') {
      const { x, y, width, height } = section;
      const stroke = section.kind === 'standing' ? colours.get(section.categoryId) : undefined;
      svg.append(
        svgElement('rect', {
          x,
          y,
          width,
          height,
          rx: 6,
          class: section.kind === 'stage' ? 'fill-muted-foreground/30' : 'fill-muted',
          'stroke-width': 2,
          ...(stroke ? { stroke } : {}),
        }),
        svgElement(
          'text',
          {
            x: x + width / 2,
            y: y + height / 2,
            'text-anchor': 'middle',
            'dominant-baseline': 'middle',
            class: 'fill-foreground text-[14px] font-semibold',
          },
          section.name,
        ),
      );
    } else if (section.kind === 'label') {
      const attributes = {
        x: section.x,
        y: section.y,
        class: 'fill-foreground text-[13px] font-medium',
      };
      svg.append(svgElement('text', attributes, section.name));
    } else if (section.kind === 'table') {
      const radius = tableRadius(section.seats);
      const cx = section.x + radius + SEAT_PITCH / 2;
      const cy = section.y + radius + SEAT_PITCH / 2;
      svg.append(
        svgElement('circle', {
          cx,
          cy,
          r: radius - SEAT_PITCH / 2,
          class: 'fill-muted stroke-border',
        }),
        svgElement(
          'text',
          {
            x: cx,
            y: cy,
            'text-anchor': 'middle',
            'dominant-baseline': 'middle',
            class: 'fill-foreground text-[10px]',
          },
          section.name,
        ),
      );
    } else {
      const attributes = {
        x: section.x,
        y: section.y - 4,
        class: 'fill-muted-foreground text-[11px]',
      };
      svg.append(svgElement('text', attributes, section.name));
    }
  }
}

/** A chosen seat as the app's map draws it: outlined, with a tick, `data-state="selected"`. */
function chosenMark(seat: Seat, colour: string) {
  const group = svgElement('g', { 'data-seat': seat.id, 'data-state': 'selected' });
  group.append(
    svgElement('circle', {
      cx: seat.x,
      cy: seat.y,
      r: R,
      fill: colour,
      stroke: '#111111',
      'stroke-width': 3,
    }),
    svgElement(
      'text',
      {
        x: seat.x,
        y: seat.y,
        'text-anchor': 'middle',
        'dominant-baseline': 'central',
        class: 'pointer-events-none fill-white text-[10px] font-bold',
      },
      '✓',
    ),
  );
  return group;
}

/** Draws the map into the first view and takes clicks on it until the app replaces it. */
function start(column: Element, seating: EventSeating) {
  const frame = column.querySelector<HTMLElement>('[data-frame]');
  const canvas = column.querySelector('canvas');
  if (!frame || !canvas) return;
  const seats = expandPlan(seating.plan);
  const colours = new Map(seating.plan.categories.map((c) => [c.id, c.color]));
  const prices = new Set(seating.categories.map((c) => c.id));
  const held = new Set(seating.held);
  const sold = new Set(seating.sold);
  const chosen = new Set<string>();
  const viewOf = (seat: Seat): SeatView =>
    chosen.has(seat.id)
      ? 'selected'
      : sold.has(seat.id)
        ? 'sold'
        : held.has(seat.id)
          ? 'held'
          : isBlocked(seat) || !prices.has(seat.categoryId)
            ? 'blocked'
            : 'available';
  const colourOf = (seat: Seat) => colours.get(seat.categoryId) ?? '#888888';

  const box = mapBox(seating.plan);
  const svg = svgElement('svg', {
    role: 'img',
    'aria-label': column.getAttribute('data-label') ?? '',
    viewBox: `${box.left} ${box.top} ${box.viewWidth} ${box.viewHeight}`,
    width: '100%',
    style: `max-width: ${box.viewWidth * 2}px`,
    class: 'block cursor-pointer',
  }) as SVGSVGElement;
  drawSections(svg, seating, colours);
  const marks = svgElement('g', {});
  svg.append(marks);
  frame.append(svg);

  let pending = 0;
  const paint = () => {
    pending = 0;
    paintSeats(canvas, planView(frame, svg, box), { seats, viewOf, colourOf, radius: R });
  };
  const later = () => {
    pending ||= requestAnimationFrame(paint);
  };
  paint();
  frame.addEventListener('scroll', later, { passive: true });
  new ResizeObserver(later).observe(frame);

  svg.addEventListener('click', (event) => {
    const seat = seatAt(svg, box, seats, R, { x: event.clientX, y: event.clientY });
    if (!seat) return;
    const view = viewOf(seat);
    if (view === 'selected') {
      chosen.delete(seat.id);
      marks.querySelector(`[data-seat="${CSS.escape(seat.id)}"]`)?.remove();
    } else if (view === 'available' && chosen.size < SEATS_PER_ORDER_MAX) {
      chosen.add(seat.id);
      marks.append(chosenMark(seat, colourOf(seat)));
    } else return;
    later();
  });
}

/** Paints the first view's map from the page's seating; false when the page has none. */
export function paintFirstView(): boolean {
  const column = document.querySelector(`#mea-ssr [${FIRST_VIEW_MAP}]`);
  const text = document.getElementById('mea-page-data')?.textContent;
  if (!column || !text) return false;
  const data = JSON.parse(text) as PageData;
  if (data.kind !== 'seats' || data.path !== window.location.pathname) return false;
  start(column, data.seating);
  return true;
}
