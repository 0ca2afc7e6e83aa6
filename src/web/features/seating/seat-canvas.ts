import type { Seat } from '../../../contracts/seat-layout';
import type { SeatView } from './seat-view';

/**
 * A large plan's seats painted on a canvas the size of the map's frame (decision 091): only the
 * seats in view, one path per colour, instead of an element per seat. 20,000 SVG circles took
 * seconds to create on a throttled phone; painting them takes milliseconds and nothing is kept
 * per seat. The frame scrolls an SVG of the plan's size above the canvas (stage, labels, tables
 * and the chosen seats stay elements), and the canvas follows its scroll and zoom.
 */

/** Below this many device pixels across, a seat is painted as a square (see paintSeats). */
const DOT_PX = 5;

/** How the plan's units map to the canvas: plan (x, y) is drawn at (x - left) * scale + dx. */
export interface PlanView {
  left: number;
  top: number;
  scale: number;
  dx: number;
  dy: number;
  width: number;
  height: number;
}

export interface Paint {
  seats: readonly Seat[];
  viewOf: (seat: Seat) => SeatView;
  colourOf: (seat: Seat) => string;
  radius: number;
}

/** Where the SVG (viewBox starting at `left`, `top`, `viewWidth` wide) sits in the frame. */
export function planView(
  frame: HTMLElement,
  svg: SVGSVGElement,
  box: { left: number; top: number; viewWidth: number },
): PlanView {
  const drawn = svg.getBoundingClientRect();
  const at = frame.getBoundingClientRect();
  return {
    left: box.left,
    top: box.top,
    scale: drawn.width / box.viewWidth || 1,
    dx: drawn.left - at.left - frame.clientLeft,
    dy: drawn.top - at.top - frame.clientTop,
    width: frame.clientWidth,
    height: frame.clientHeight,
  };
}

/** Paints the seats in view, but the chosen ones: the SVG draws those as elements. */
export function paintSeats(canvas: HTMLCanvasElement, view: PlanView, paint: Paint) {
  const ratio = window.devicePixelRatio || 1;
  const width = Math.round(view.width * ratio);
  const height = Math.round(view.height * ratio);
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  canvas.style.width = `${view.width}px`;
  canvas.style.height = `${view.height}px`;
  const context = canvas.getContext('2d');
  if (!context) return;
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, width, height);
  const { scale, left, top } = view;
  context.setTransform(
    ratio * scale,
    0,
    0,
    ratio * scale,
    ratio * (view.dx - left * scale),
    ratio * (view.dy - top * scale),
  );
  const r = paint.radius;
  // The plan's rectangle in view, one seat's width wider on each side.
  const x0 = left - view.dx / scale - r;
  const x1 = left + (view.width - view.dx) / scale + r;
  const y0 = top - view.dy / scale - r;
  const y1 = top + (view.height - view.dy) / scale + r;
  // One path per look: colour and faintness.
  const groups = new Map<string, Seat[]>();
  const marked: { seat: Seat; glyph: string }[] = [];
  for (const seat of paint.seats) {
    if (seat.kind === 'standing' || seat.x < x0 || seat.x > x1 || seat.y < y0 || seat.y > y1)
      continue;
    const look = paint.viewOf(seat);
    if (look === 'selected') continue;
    // No string built per seat: most are free, keyed by their colour alone.
    const key =
      look === 'available'
        ? paint.colourOf(seat)
        : look === 'blocked'
          ? '#c4c4c4 faint'
          : '#c4c4c4';
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push(seat);
    if (look === 'sold') marked.push({ seat, glyph: '×' });
    else if (seat.flags.includes('wheelchair')) marked.push({ seat, glyph: '♿' });
  }
  // A seat a few pixels wide on screen looks the same as a square, which costs far less to
  // fill than a circle: an arena's 20,000 seats at zoom 1 are about 4 px each.
  const dots = 2 * r * scale * ratio < DOT_PX;
  for (const [key, group] of groups) {
    const [colour = '#888888', faint] = key.split(' ');
    context.globalAlpha = faint ? 0.35 : 1;
    context.fillStyle = colour;
    context.beginPath();
    for (const seat of group) {
      if (dots) {
        context.rect(seat.x - r, seat.y - r, 2 * r, 2 * r);
        continue;
      }
      context.moveTo(seat.x + r, seat.y);
      context.arc(seat.x, seat.y, r, 0, 2 * Math.PI);
    }
    context.fill();
  }
  context.globalAlpha = 1;
  // Marks only where a seat is big enough on screen to read them.
  if (2 * r * scale < 12) return;
  context.fillStyle = '#ffffff';
  context.font = 'bold 10px sans-serif';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  for (const { seat, glyph } of marked) context.fillText(glyph, seat.x, seat.y);
}

/** The seat under a point of the SVG (client coordinates), or undefined. */
export function seatAt(
  svg: SVGSVGElement,
  box: { left: number; top: number; viewWidth: number },
  seats: readonly Seat[],
  radius: number,
  client: { x: number; y: number },
): Seat | undefined {
  const drawn = svg.getBoundingClientRect();
  const scale = drawn.width / box.viewWidth || 1;
  const x = box.left + (client.x - drawn.left) / scale;
  const y = box.top + (client.y - drawn.top) / scale;
  // A pointer's slack of two units round the seat, so a tap on a phone finds it.
  let best: Seat | undefined;
  let nearest = (radius + 2) ** 2;
  for (const seat of seats) {
    if (seat.kind === 'standing') continue;
    const distance = (seat.x - x) ** 2 + (seat.y - y) ** 2;
    if (distance <= nearest) {
      nearest = distance;
      best = seat;
    }
  }
  return best;
}
