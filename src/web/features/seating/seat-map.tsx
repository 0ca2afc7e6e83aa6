import { useLingui } from '@lingui/react/macro';
import { Minus, Plus } from 'lucide-react';
import {
  Fragment,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
} from 'react';
import { SEAT_PITCH, tableRadius, type Seat } from '../../../contracts/seat-layout';
import type { SeatPlan } from '../../../contracts/seating';
import { Button } from '../../components/ui/button';
import { mapBox } from './plan-geometry';
import { paintSeats, planView, seatAt, type Paint } from './seat-canvas';
import type { SeatView } from './seat-view';

const R = SEAT_PITCH / 2 - 2;

/**
 * Plans with more seats than this paint them on a canvas (seat-canvas.ts); smaller ones keep an
 * element per seat. A hall's plan stays elements; an arena's would be tens of thousands.
 */
const ELEMENT_SEATS_MAX = 2000;

/**
 * The plan drawn as SVG: stage, labels, standing areas, table tops and a circle per seat in its
 * category's colour; held, sold and blocked seats grey, chosen ones outlined, accessible ones
 * marked "♿". At zoom 1 the plan fits the frame's width (phones too); zooming in scrolls it.
 * A large plan's seats are painted on a canvas under the SVG instead, only those in view, and a
 * click finds the seat under it (the chosen seats stay elements). The map is for pointers: the
 * lists beside it are the keyboard and screen-reader way to the same seats.
 */
export function SeatMap({
  plan,
  seats,
  viewOf,
  selected,
  onSeat,
}: {
  plan: SeatPlan;
  seats: Seat[];
  viewOf: (seat: Seat) => SeatView;
  /** The chosen seats' ids: a painted plan draws only these as elements. */
  selected: readonly string[];
  onSeat?: (seat: Seat) => void;
}) {
  const { t } = useLingui();
  const [zoom, setZoom] = useState(1);
  const colours = new Map(plan.categories.map((c) => [c.id, c.color]));
  const byId = useMemo(() => new Map(seats.map((s) => [s.id, s])), [seats]);
  const painted = seats.length > ELEMENT_SEATS_MAX;
  // A painted plan's elements are the chosen seats only: no look-up of every seat per render.
  const chosenSeats = painted ? selected.flatMap((id) => byId.get(id) ?? []) : [];
  const frame = useRef<HTMLDivElement>(null);
  const svg = useRef<SVGSVGElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  // The view is what is drawn (plus a margin), not the whole canvas: a small plan fills the
  // frame. It is drawn at most twice its size at zoom 1, so seats never grow huge.
  const { left, top, viewWidth, viewHeight } = mapBox(plan);
  const box = useMemo(() => ({ left, top, viewWidth }), [left, top, viewWidth]);
  // One handler for the whole map: the seat is the circle clicked, or the painted seat under it.
  const click = (event: MouseEvent<SVGSVGElement>) => {
    if (!onSeat) return;
    const id = (event.target as Element).closest('[data-seat]')?.getAttribute('data-seat');
    const seat = id
      ? byId.get(id)
      : painted && svg.current
        ? seatAt(svg.current, box, seats, R, { x: event.clientX, y: event.clientY })
        : undefined;
    if (!seat) return;
    const view = viewOf(seat);
    if (view === 'available' || view === 'selected') onSeat(seat);
  };
  // What the canvas paints, read when it repaints (a scroll does not render).
  const paint = useRef<Paint | null>(null);
  paint.current = painted
    ? { seats, viewOf, colourOf: (seat) => colours.get(seat.categoryId) ?? '#888888', radius: R }
    : null;
  // At most one paint per frame: a render (seats changed state, zoom), the frame's first size, a
  // scroll and a live update in the same frame are painted once, with what is current then.
  // Painting on each of them took four paints of 20,000 seats before the first click.
  const boxNow = useRef(box);
  boxNow.current = box;
  const pending = useRef(0);
  const later = useCallback(() => {
    if (pending.current) return;
    pending.current = requestAnimationFrame(() => {
      pending.current = 0;
      if (paint.current && canvas.current && frame.current && svg.current)
        paintSeats(
          canvas.current,
          planView(frame.current, svg.current, boxNow.current),
          paint.current,
        );
    });
  }, []);
  // Only when what is painted changed: the seats' looks (`viewOf` is the same function while
  // they are), the plan or the zoom. Other renders of the page (a message, the live flag, the
  // checkout's state) each repainted 20,000 seats before the first click.
  useLayoutEffect(() => {
    if (painted) later();
  }, [painted, later, seats, viewOf, plan, box, zoom]);
  useEffect(() => () => cancelAnimationFrame(pending.current), []);
  useEffect(() => {
    const scroller = frame.current;
    if (!painted || !scroller) return;
    const resized = new ResizeObserver(later);
    resized.observe(scroller);
    scroller.addEventListener('scroll', later, { passive: true });
    return () => {
      resized.disconnect();
      scroller.removeEventListener('scroll', later);
    };
  }, [painted, later]);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="icon"
          aria-label={t`Zoom out`}
          onClick={() => setZoom((z) => Math.max(0.5, z / 1.25))}
        >
          <Minus aria-hidden="true" className="size-4" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={t`Zoom in`}
          onClick={() => setZoom((z) => Math.min(4, z * 1.25))}
        >
          <Plus aria-hidden="true" className="size-4" />
        </Button>
      </div>
      <div className="relative overflow-hidden rounded-lg border border-border bg-card">
        {painted ? (
          <canvas
            ref={canvas}
            aria-hidden="true"
            className="pointer-events-none absolute start-0 top-0"
          />
        ) : null}
        <div ref={frame} className="relative max-h-[70vh] overflow-auto touch-pan-x touch-pan-y">
          <svg
            ref={svg}
            role="img"
            aria-label={t`Seat map`}
            viewBox={`${left} ${top} ${viewWidth} ${viewHeight}`}
            width={`${zoom * 100}%`}
            style={{ maxWidth: `${viewWidth * 2 * zoom}px` }}
            className={painted && onSeat ? 'block cursor-pointer' : 'block'}
            onClick={click}
          >
            {plan.sections.map((section) => {
              if (section.kind === 'stage' || section.kind === 'standing')
                return (
                  <g key={section.id}>
                    <rect
                      x={section.x}
                      y={section.y}
                      width={section.width}
                      height={section.height}
                      rx={6}
                      className={
                        section.kind === 'stage' ? 'fill-muted-foreground/30' : 'fill-muted'
                      }
                      stroke={
                        section.kind === 'standing' ? colours.get(section.categoryId) : undefined
                      }
                      strokeWidth={2}
                    />
                    <text
                      x={section.x + section.width / 2}
                      y={section.y + section.height / 2}
                      textAnchor="middle"
                      dominantBaseline="middle"
                      className="fill-foreground text-[14px] font-semibold"
                    >
                      {section.name}
                    </text>
                  </g>
                );
              if (section.kind === 'label')
                return (
                  <text
                    key={section.id}
                    x={section.x}
                    y={section.y}
                    className="fill-foreground text-[13px] font-medium"
                  >
                    {section.name}
                  </text>
                );
              if (section.kind === 'table') {
                const radius = tableRadius(section.seats);
                return (
                  <g key={section.id}>
                    <circle
                      cx={section.x + radius + SEAT_PITCH / 2}
                      cy={section.y + radius + SEAT_PITCH / 2}
                      r={radius - SEAT_PITCH / 2}
                      className="fill-muted stroke-border"
                    />
                    <text
                      x={section.x + radius + SEAT_PITCH / 2}
                      y={section.y + radius + SEAT_PITCH / 2}
                      textAnchor="middle"
                      dominantBaseline="middle"
                      className="fill-foreground text-[10px]"
                    >
                      {section.name}
                    </text>
                  </g>
                );
              }
              return (
                <text
                  key={section.id}
                  x={section.x}
                  y={section.y - 4}
                  className="fill-muted-foreground text-[11px]"
                >
                  {section.name}
                </text>
              );
            })}
            {(painted ? chosenSeats : seats).map((seat) => {
              if (seat.kind === 'standing') return null;
              const view = viewOf(seat);
              const free = view === 'available' || view === 'selected';
              const accessible = seat.flags.includes('wheelchair');
              const circle = (tagged: boolean) => (
                <circle
                  data-seat={tagged ? seat.id : undefined}
                  data-state={tagged ? view : undefined}
                  cx={seat.x}
                  cy={seat.y}
                  r={R}
                  fill={free ? (colours.get(seat.categoryId) ?? '#888888') : '#c4c4c4'}
                  stroke={view === 'selected' ? '#111111' : undefined}
                  strokeWidth={view === 'selected' ? 3 : undefined}
                  opacity={view === 'blocked' ? 0.35 : undefined}
                  className={free && onSeat ? 'cursor-pointer' : undefined}
                />
              );
              // Most seats are one element (no group, title or handler of their own): an arena
              // draws 20,000, and the first render's cost grows with the elements made.
              if (!accessible && view !== 'sold' && view !== 'selected')
                return <Fragment key={seat.id}>{circle(true)}</Fragment>;
              return (
                <g key={seat.id} data-seat={seat.id} data-state={view}>
                  {circle(false)}
                  <text
                    x={seat.x}
                    y={seat.y}
                    textAnchor="middle"
                    dominantBaseline="central"
                    className="pointer-events-none fill-white text-[10px] font-bold"
                  >
                    {view === 'selected' ? '✓' : view === 'sold' ? '×' : '♿'}
                  </text>
                </g>
              );
            })}
          </svg>
        </div>
      </div>
    </div>
  );
}
