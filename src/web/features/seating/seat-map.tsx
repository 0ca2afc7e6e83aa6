import { useLingui } from '@lingui/react/macro';
import { Minus, Plus } from 'lucide-react';
import { Fragment, useMemo, useState, type MouseEvent } from 'react';
import { SEAT_PITCH, tableRadius, type Seat } from '../../../contracts/seat-layout';
import type { SeatPlan } from '../../../contracts/seating';
import { Button } from '../../components/ui/button';
import { sectionBox } from './plan-geometry';

export type SeatView = 'available' | 'held' | 'sold' | 'blocked' | 'selected';

const R = SEAT_PITCH / 2 - 2;

/**
 * The plan drawn as SVG: stage, labels, standing areas, table tops and a circle per seat in its
 * category's colour; held, sold and blocked seats grey, chosen ones outlined, accessible ones
 * marked "♿". At zoom 1 the plan fits the frame's width (phones too); zooming in scrolls it. The map is for pointers:
 * the lists beside it are the keyboard and screen-reader way to the same seats.
 */
export function SeatMap({
  plan,
  seats,
  viewOf,
  onSeat,
}: {
  plan: SeatPlan;
  seats: Seat[];
  viewOf: (seat: Seat) => SeatView;
  onSeat?: (seat: Seat) => void;
}) {
  const { t } = useLingui();
  const [zoom, setZoom] = useState(1);
  const colours = new Map(plan.categories.map((c) => [c.id, c.color]));
  const byId = useMemo(() => new Map(seats.map((s) => [s.id, s])), [seats]);
  // One handler for the whole map: the seat is the circle clicked.
  const click = (event: MouseEvent<SVGSVGElement>) => {
    const id = (event.target as Element).closest('[data-seat]')?.getAttribute('data-seat');
    const seat = id ? byId.get(id) : undefined;
    if (!seat || !onSeat) return;
    const view = viewOf(seat);
    if (view === 'available' || view === 'selected') onSeat(seat);
  };
  // The view is what is drawn (plus a margin), not the whole canvas: a small plan fills the
  // frame. It is drawn at most twice its size at zoom 1, so seats never grow huge.
  const boxes = plan.sections.map((s) => ({ ...sectionBox(s), x: s.x, y: s.y }));
  const left = Math.max(0, Math.min(plan.width, ...boxes.map((b) => b.x)) - 16);
  const top = Math.max(0, Math.min(plan.height, ...boxes.map((b) => b.y)) - 24);
  const right = boxes.length ? Math.max(...boxes.map((b) => b.x + b.w)) + 16 : plan.width;
  const bottom = boxes.length ? Math.max(...boxes.map((b) => b.y + b.h)) + 16 : plan.height;
  const viewWidth = Math.max(100, right - left);
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
      <div className="max-h-[70vh] overflow-auto rounded-lg border border-border bg-card touch-pan-x touch-pan-y">
        <svg
          role="img"
          aria-label={t`Seat map`}
          viewBox={`${left} ${top} ${viewWidth} ${Math.max(60, bottom - top)}`}
          width={`${zoom * 100}%`}
          style={{ maxWidth: `${viewWidth * 2 * zoom}px` }}
          className="block"
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
                    className={section.kind === 'stage' ? 'fill-muted-foreground/30' : 'fill-muted'}
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
                y={Math.max(10, section.y - 4)}
                className="fill-muted-foreground text-[11px]"
              >
                {section.name}
              </text>
            );
          })}
          {seats.map((seat) => {
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
  );
}
