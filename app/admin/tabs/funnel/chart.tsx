/**
 * A uPlot chart drawn in the brand's colours (read from the app's CSS variables), as wide as its box
 * and redrawn when the box changes size. The canvas is hidden from assistive technology; a one-sentence
 * description is read instead, and the tables beside it carry the numbers (the text alternative).
 */
import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";

/** The brand's colours, as app/app.css defines them (the fallbacks are the same values). */
const BRAND_COLOURS = [
  ["--color-brand", "#8a3b5c"],
  ["--color-accent", "#d9825b"],
  ["--color-sage", "#5f7a6a"],
  ["--color-brand-strong", "#6e2b48"],
  ["--color-ink-muted", "#5e5462"],
  ["--color-ink", "#2a2230"],
] as const;

export function brandColours(): string[] {
  const style = typeof document === "undefined" ? null : getComputedStyle(document.documentElement);
  return BRAND_COLOURS.map(([name, fallback]) => style?.getPropertyValue(name).trim() || fallback);
}

export function cssColour(name: string, fallback: string): string {
  return (typeof document === "undefined" ? "" : getComputedStyle(document.documentElement).getPropertyValue(name).trim()) || fallback;
}

export interface ChartProps {
  /** What the picture shows, in one sentence (read instead of the canvas). */
  label: string;
  /** Built for a width: the options without width and height. */
  options: (width: number) => Omit<uPlot.Options, "width" | "height">;
  data: uPlot.AlignedData;
  height?: number;
  testId?: string;
}

export function Chart({ label, options, data, height = 240, testId }: ChartProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: uPlot | null = null;
    const draw = () => {
      const width = Math.max(240, Math.floor(element.clientWidth));
      if (plot && plot.width === width) return;
      plot?.destroy();
      plot = new uPlot({ ...options(width), width, height }, data, element);
    };
    draw();
    const observer = new ResizeObserver(draw);
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot?.destroy();
    };
  }, [options, data, height]);
  return (
    <div>
      <div ref={box} aria-hidden="true" data-testid={testId} className="w-full overflow-hidden" style={{ minHeight: height }} />
      <p className="sr-only">{label}</p>
    </div>
  );
}
