/**
 * The charts of the statistics pages and the province view, on @ant-design/plots (AntV G2): thin
 * wrappers with the house defaults, and a click on a bar, column, point or slice that hands its datum
 * to the page (drill-down to the list behind the number).
 */
import { Bar, Column, Line, Pie } from '@ant-design/plots';
import { Empty } from 'antd';

export interface Datum {
  /** Category (x of a column, y of a bar, a pie slice). */
  x: string;
  /** Value. */
  y: number;
  /** Series (stacked or grouped charts, lines). */
  series?: string;
  /** Anything the page needs back on a click (a code behind the label). */
  key?: string;
}

interface ChartProps {
  data: Datum[];
  /** Fixed colours of series (overdue red, approved green…): series name → colour. */
  colors?: Record<string, string>;
  height?: number;
  onSelect?: (d: Datum) => void;
  testId?: string;
  emptyText?: string;
}

type PlotEvent = { type?: string; data?: { data?: unknown } };

/** The datum of a click on a mark (G2 `element:click`), if any. */
export function clickedDatum(event: PlotEvent): Datum | null {
  if (event?.type !== 'element:click') return null;
  const d = event.data?.data;
  if (!d || typeof d !== 'object' || Array.isArray(d)) return null;
  const x = (d as Datum).x;
  return typeof x === 'string' ? (d as Datum) : null;
}

/** The colour scale of named series (undefined: the theme's palette). */
const colorScale = (colors?: Record<string, string>) =>
  colors ? { scale: { color: { domain: Object.keys(colors), range: Object.values(colors) } } } : {};

const handler = (onSelect?: (d: Datum) => void) =>
  onSelect
    ? (_chart: unknown, event: PlotEvent) => {
        const d = clickedDatum(event);
        if (d) onSelect(d);
      }
    : undefined;

function Frame({
  testId,
  empty,
  emptyText,
  height,
  children,
}: {
  testId?: string;
  empty: boolean;
  emptyText?: string;
  height: number;
  children: React.ReactNode;
}) {
  return (
    <div data-testid={testId} style={{ minHeight: height }}>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} style={{ paddingTop: height / 4 }} />
      ) : (
        children
      )}
    </div>
  );
}

/** Columns by category; stacked by series when the data has one. */
export function ColumnChart({
  data,
  height = 300,
  onSelect,
  testId,
  emptyText,
  colors,
  stack = true,
}: ChartProps & { stack?: boolean }) {
  const series = data.some((d) => d.series);
  return (
    <Frame testId={testId} empty={data.length === 0} emptyText={emptyText} height={height}>
      <Column
        data={data}
        xField="x"
        yField="y"
        height={height}
        {...(series
          ? { colorField: 'series', ...(stack ? { stack: true } : { group: true }), ...colorScale(colors) }
          : {})}
        axis={{ x: { labelAutoRotate: true } }}
        interaction={{ elementHighlight: { background: true } }}
        state={{ active: { fillOpacity: 0.8 } }}
        style={{ cursor: onSelect ? 'pointer' : undefined }}
        onEvent={handler(onSelect)}
      />
    </Frame>
  );
}

/** Horizontal bars, largest first (a ranking). */
export function BarChart({ data, height, onSelect, testId, emptyText, colors }: ChartProps) {
  const h = height ?? Math.max(220, new Set(data.map((d) => d.x)).size * 26 + 60);
  const series = data.some((d) => d.series);
  return (
    <Frame testId={testId} empty={data.length === 0} emptyText={emptyText} height={h}>
      <Bar
        data={data}
        xField="x"
        yField="y"
        height={h}
        {...(series ? { colorField: 'series', stack: true, ...colorScale(colors) } : {})}
        label={series ? undefined : { text: 'y', position: 'right', dx: 4 }}
        style={{ cursor: onSelect ? 'pointer' : undefined }}
        onEvent={handler(onSelect)}
      />
    </Frame>
  );
}

/** Lines over time, one per series. */
export function LineChart({ data, height = 300, onSelect, testId, emptyText }: ChartProps) {
  return (
    <Frame testId={testId} empty={data.length === 0} emptyText={emptyText} height={height}>
      <Line
        data={data}
        xField="x"
        yField="y"
        height={height}
        {...(data.some((d) => d.series) ? { colorField: 'series' } : {})}
        point={{ shapeField: 'circle', sizeField: 3 }}
        onEvent={handler(onSelect)}
      />
    </Frame>
  );
}

/** Shares of a whole (a ring). */
export function PieChart({ data, height = 300, onSelect, testId, emptyText }: ChartProps) {
  return (
    <Frame testId={testId} empty={data.length === 0} emptyText={emptyText} height={height}>
      <Pie
        data={data}
        angleField="y"
        colorField="x"
        innerRadius={0.55}
        height={height}
        label={{ text: 'y', style: { fontWeight: 'bold' } }}
        legend={{ color: { position: 'right', rowPadding: 5 } }}
        onEvent={handler(onSelect)}
      />
    </Frame>
  );
}
