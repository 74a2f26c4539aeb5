import { OTHER_SUPPLIERS, type Dashboard } from "@ultimate-bikes/contract/dashboard";
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from "chart.js";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { formatCount, formatPrice } from "../../lib/format";
import { paths } from "../../lib/paths";
import { compactMoneyText } from "./dashboard-figures";

// Only what two bar charts need, so the chart library's chunk stays small.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

const IN_COLOUR = "#198754";
const OUT_COLOUR = "#dc3545";
const VALUE_COLOUR = "#0d6efd";

/** A bar chart on a canvas, redrawn in place when its data changes. */
function BarChart({ config, label }: { config: ChartConfiguration<"bar">; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<"bar">>(null);
  useEffect(() => {
    if (!canvas.current) return;
    chart.current = new Chart(canvas.current, config);
    return () => chart.current?.destroy();
    // Created once; later data goes in through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!chart.current) return;
    chart.current.data = config.data;
    chart.current.update();
  }, [config.data]);
  return (
    <div className="dashboard-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}

/** "24 Nov" for a day's bar. */
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "UTC",
  });

/** A supplier's name as the chart's axis shows it: at most this many characters, then "…". */
const AXIS_LABEL_MAX = 16;
const axisLabel = (name: string) =>
  name.length > AXIS_LABEL_MAX ? `${name.slice(0, AXIS_LABEL_MAX - 1).trimEnd()}…` : name;

/**
 * The dashboard's two charts, each with its numbers as a table for whoever cannot see it. Axis
 * labels never overlap or get cut: the days' axis skips labels that would not fit, suppliers'
 * names are shortened (the tooltip and the table give them whole), the value axis is compact.
 * Only the most valuable suppliers are bars; the rest are one row of the table, "Others", since
 * at warehouse scale their sum would dwarf every bar.
 */
export function DashboardCharts({ dashboard }: { dashboard: Dashboard }) {
  const { unitsPerDay, valueBySupplier, otherSuppliers } = dashboard;
  const movementChart: ChartConfiguration<"bar"> = {
    type: "bar",
    data: {
      labels: unitsPerDay.map((day) => shortDay(day.day)),
      datasets: [
        {
          label: "Units in",
          data: unitsPerDay.map((day) => day.unitsIn),
          backgroundColor: IN_COLOUR,
        },
        {
          label: "Units out",
          data: unitsPerDay.map((day) => day.unitsOut),
          backgroundColor: OUT_COLOUR,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: {
        x: { ticks: { maxRotation: 0, autoSkip: true, autoSkipPadding: 12 } },
        y: { beginAtZero: true, ticks: { precision: 0 } },
      },
    },
  };
  const valueChart: ChartConfiguration<"bar"> = {
    type: "bar",
    data: {
      labels: valueBySupplier.map((entry) => entry.supplierName),
      datasets: [
        {
          label: "Stock value (USD)",
          data: valueBySupplier.map((entry) => entry.value),
          backgroundColor: VALUE_COLOUR,
        },
      ],
    },
    options: {
      indexAxis: "y",
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: {
        tooltip: {
          callbacks: { label: (item) => ` ${formatPrice(Number(item.parsed.x))}` },
        },
      },
      scales: {
        x: {
          beginAtZero: true,
          ticks: {
            maxRotation: 0,
            autoSkipPadding: 12,
            callback: (value) => compactMoneyText(Number(value)),
          },
        },
        y: {
          ticks: {
            autoSkip: false,
            callback(value) {
              return axisLabel(this.getLabelForValue(Number(value)));
            },
          },
        },
      },
    },
  };
  return (
    <div className="row g-4">
      <section className="col-lg-7" aria-labelledby="units-chart-heading">
        <h2 id="units-chart-heading" className="h5">
          Units in and out, last 30 days
        </h2>
        <BarChart
          config={movementChart}
          label="Bar chart of units in and out per day over the last 30 days"
        />
        <details className="mt-2">
          <summary>The numbers</summary>
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="text-end">
                  In
                </th>
                <th scope="col" className="text-end">
                  Out
                </th>
              </tr>
            </thead>
            <tbody>
              {unitsPerDay.map((day) => (
                <tr key={day.day}>
                  <td>{shortDay(day.day)}</td>
                  <td className="text-end">{formatCount(day.unitsIn)}</td>
                  <td className="text-end">{formatCount(day.unitsOut)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </section>
      <section className="col-lg-5" aria-labelledby="value-chart-heading">
        <h2 id="value-chart-heading" className="h5">
          Stock value by supplier
        </h2>
        {valueBySupplier.length === 0 ? (
          <p>No stock yet.</p>
        ) : (
          <>
            <BarChart
              config={valueChart}
              label={`Bar chart of the stock's value by supplier, the ${valueBySupplier.length} most valuable`}
            />
            <table className="table table-sm mt-2">
              <caption className="visually-hidden">Stock value by supplier</caption>
              <thead>
                <tr>
                  <th scope="col">Supplier</th>
                  <th scope="col" className="text-end">
                    Value
                  </th>
                </tr>
              </thead>
              <tbody>
                {valueBySupplier.map((entry) => (
                  <tr key={entry.supplierName}>
                    <td className="text-break">
                      <Link
                        to={`${paths.inventory}?${new URLSearchParams({ supplier: entry.supplierName }).toString()}`}
                      >
                        {entry.supplierName}
                      </Link>
                    </td>
                    <td className="text-end text-nowrap">{formatPrice(entry.value)}</td>
                  </tr>
                ))}
                {otherSuppliers && (
                  <tr>
                    <td>
                      {OTHER_SUPPLIERS} ({formatCount(otherSuppliers.suppliers)}{" "}
                      {otherSuppliers.suppliers === 1 ? "supplier" : "suppliers"})
                    </td>
                    <td className="text-end text-nowrap">{formatPrice(otherSuppliers.value)}</td>
                  </tr>
                )}
              </tbody>
            </table>
          </>
        )}
      </section>
    </div>
  );
}
