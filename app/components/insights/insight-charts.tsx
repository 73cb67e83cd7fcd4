// The insights' charts (decision 111): SVG drawn from the loader's geometry, no chart library and no script. Text and
// axes take `currentColor`; the two series take the brand blue and amber in their light and dark shades. Each chart
// has its figures beside it as a table in a <details>, for screen readers and for anyone who wants the numbers.
import type { ColumnChartView, RowChartView } from "#app/loaders/insights/insights-view.server";

const SERIES_FILL = ["fill-brand-600 dark:fill-brand-300", "fill-amber-500 dark:fill-amber-300"];
const SERIES_SWATCH = ["bg-brand-600 dark:bg-brand-300", "bg-amber-500 dark:bg-amber-300"];
const tableClass = "mt-2 w-full text-left text-sm text-zinc-800 dark:text-zinc-200";
const cellClass = "border-b border-zinc-200 py-1 pr-3 dark:border-zinc-800";
const summaryClass = "min-h-11 cursor-pointer py-2 text-sm font-semibold text-brand-700 underline dark:text-brand-300";

/** A chart's figures as a table in a <details>: one row a bar or a period, its name heading the row. */
function FiguresTable({
  showTable,
  head,
  rows,
}: {
  showTable: string;
  head: string[];
  rows: { name: string; cells: string[] }[];
}) {
  return (
    <details>
      <summary className={summaryClass}>{showTable}</summary>
      <table className={tableClass}>
        <thead>
          <tr>
            {head.map((name) => (
              <th key={name} scope="col" className={cellClass}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row" className={`${cellClass} font-normal`}>
                {row.name}
              </th>
              {row.cells.map((cell, i) => (
                <td key={head[i + 1]} className={cellClass}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** Horizontal bars with their labels left and figures right: the funnel, the pipeline. */
export function RowBars({
  view,
  labelledBy,
  showTable,
  head,
}: {
  view: RowChartView;
  labelledBy: string;
  showTable: string;
  head: [string, string];
}) {
  const { chart, rows } = view;
  return (
    <div>
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        className="block h-auto w-full max-w-sm text-zinc-700 dark:text-zinc-300"
        role="img"
        aria-labelledby={labelledBy}
        data-testid="insights-chart"
      >
        {rows.map((row, i) => (
          <text key={row.label} x={0} y={chart.labelY[i]} className="fill-current text-[13px]">
            {row.label}
          </text>
        ))}
        {chart.bars.map((bar) => (
          <rect
            key={bar.series}
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={bar.height}
            rx={2}
            className={SERIES_FILL[0]}
          />
        ))}
        {rows.map((row, i) => {
          const bar = chart.bars.find((b) => b.series === i);
          return (
            <text
              key={row.label}
              x={(bar ? bar.x + bar.width : 0) + 6}
              y={chart.barY[i]}
              dominantBaseline="middle"
              className="fill-current text-[13px] font-semibold"
            >
              {row.value}
            </text>
          );
        })}
      </svg>
      <FiguresTable
        showTable={showTable}
        head={head}
        rows={rows.map((row) => ({ name: row.label, cells: [row.value] }))}
      />
    </div>
  );
}

/** Columns over periods, grouped or stacked, with a legend, the axis's figures and the periods' names. */
export function Columns({
  view,
  labelledBy,
  showTable,
  periodHead,
}: {
  view: ColumnChartView;
  labelledBy: string;
  showTable: string;
  periodHead: string;
}) {
  const { chart } = view;
  return (
    <div>
      <ul className="mb-2 flex flex-wrap gap-4 text-sm text-zinc-800 dark:text-zinc-200">
        {view.legend.map((name, i) => (
          <li key={name} className="flex items-center gap-2">
            <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm ${SERIES_SWATCH[i]}`} />
            {name}
          </li>
        ))}
      </ul>
      <svg
        viewBox={`0 0 ${chart.width} ${chart.height}`}
        className="block h-auto w-full max-w-sm text-zinc-700 dark:text-zinc-300"
        role="img"
        aria-labelledby={labelledBy}
        data-testid="insights-chart"
      >
        {chart.ticks.map((tick, i) => (
          <g key={tick.value}>
            <line
              x1={chart.left}
              x2={chart.width}
              y1={tick.y}
              y2={tick.y}
              stroke="currentColor"
              strokeOpacity={i === 0 ? 0.6 : 0.2}
            />
            <text
              x={chart.left - 4}
              y={tick.y}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-current text-[11px]"
            >
              {view.ticks[i]}
            </text>
          </g>
        ))}
        {chart.bars.map((bar) => (
          <rect
            key={`${bar.series}-${bar.category}`}
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={bar.height}
            className={SERIES_FILL[bar.series]}
          />
        ))}
        {view.axisLabels.map((label, i) =>
          label ? (
            <text
              key={view.periodNames[i]}
              x={chart.labelX[i]}
              y={chart.baseline + 16}
              textAnchor="middle"
              className="fill-current text-[11px]"
            >
              {label}
            </text>
          ) : null,
        )}
      </svg>
      <FiguresTable
        showTable={showTable}
        head={[periodHead, ...view.legend]}
        rows={view.table.map((cells, i) => ({ name: view.periodNames[i], cells }))}
      />
    </div>
  );
}
