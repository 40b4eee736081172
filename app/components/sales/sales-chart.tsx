import { useEffect, useRef, useState } from "react";
import { formatYen } from "../../../server/domain/number-display";

type Point = { month: string; gross: number; net: number };

/**
 * The last 12 months as bars of sales and of what the creator receives. uPlot and its styles are
 * imported only here, after hydration, so they land in a chunk of their own that only the sales
 * page loads; the server render and the table around it never wait for it.
 */
export function SalesChart({
  points,
  labels,
}: {
  points: Point[];
  labels: { gross: string; net: string; loading: string; title: string };
}) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let chart: { destroy(): void } | null = null;
    let cancelled = false;
    void Promise.all([import("uplot"), import("uplot/dist/uPlot.min.css")]).then(([{ default: UPlot }]) => {
      if (cancelled || !box.current) return;
      const xs = points.map((_, i) => i);
      const bars = UPlot.paths.bars!({ size: [0.4, 40], align: 0 });
      chart = new UPlot(
        {
          width: Math.max(280, Math.min(box.current.clientWidth, 960)),
          height: 240,
          title: labels.title,
          scales: { x: { time: false } },
          axes: [
            { values: (_u, ticks) => ticks.map((i) => points[i]?.month.slice(2).replace("-", "/") ?? "") },
            { values: (_u, ticks) => ticks.map((v) => formatYen(Math.round(v))), size: 80 },
          ],
          series: [
            {},
            {
              label: labels.gross,
              stroke: "#e4007f",
              fill: "rgba(228,0,127,0.35)",
              paths: bars,
              value: (_u, v) => (v == null ? "" : formatYen(v)),
            },
            {
              label: labels.net,
              stroke: "#1f6feb",
              fill: "rgba(31,111,235,0.35)",
              paths: bars,
              value: (_u, v) => (v == null ? "" : formatYen(v)),
            },
          ],
        },
        [xs, points.map((p) => p.gross), points.map((p) => p.net)],
        box.current,
      );
      setReady(true);
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [points, labels]);
  return (
    <div className="sales-chart" ref={box} data-testid="sales-chart" data-ready={ready ? "1" : "0"}>
      {ready ? null : <p className="muted">{labels.loading}</p>}
    </div>
  );
}
