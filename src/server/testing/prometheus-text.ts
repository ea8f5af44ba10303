import parsePrometheusTextFormat from "parse-prometheus-text-format";

/** A scrape of GET /metrics, parsed by a Prometheus text-format parser, with the lookups the tests need. */
export interface Scrape {
  /** Every metric family; a histogram appears as its three plain series (`_bucket`, `_sum`, `_count`). */
  families: ReturnType<typeof parsePrometheusTextFormat>;
  /** The value of a series with exactly these labels (0 when the series is absent). */
  value(name: string, labels?: Record<string, string>): number;
  /** Whether the text holds a series with exactly these labels, whatever its value. */
  has(name: string, labels?: Record<string, string>): boolean;
  /** How many observations a histogram's series with these labels holds (0 when absent). */
  count(name: string, labels: Record<string, string>): number;
  /** The names of the families declared with this type in the text (`histogram`, `counter`...). */
  declared(type: string): string[];
  /** Every label value of every series, for checks that none holds a secret. */
  labelValues(): string[];
}

/**
 * The parser folds all the series of a histogram into one and drops their labels, `_sum` and `_count` (it follows
 * prom2json's output for an unlabelled histogram). Without their TYPE line it reads a histogram's lines as the plain
 * series they are, labels and all; `declared` still reports the types the text gave.
 */
const HISTOGRAM_TYPE_LINE = /^# TYPE \S+ histogram$/gm;

export function parseScrape(text: string): Scrape {
  const families = parsePrometheusTextFormat(text.replace(HISTOGRAM_TYPE_LINE, ""));
  // A histogram's series come bucket, sum, count, then the next series' buckets: read so, the same name starts
  // several families, whose samples are all of that name.
  const series = (name: string, labels: Record<string, string>) =>
    families
      .filter((family) => family.name === name)
      .flatMap((family) => family.metrics)
      .find((sample) => sameLabels(sample.labels ?? {}, labels));
  return {
    families,
    value: (name, labels = {}) => Number(series(name, labels)?.value ?? 0),
    has: (name, labels = {}) => series(name, labels) !== undefined,
    count: (name, labels) => Number(series(`${name}_count`, labels)?.value ?? 0),
    declared: (type) =>
      [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)]
        .filter((line) => line[2] === type)
        .map((line) => line[1] ?? ""),
    labelValues: () =>
      families.flatMap((family) => family.metrics.flatMap((sample) => Object.values(sample.labels ?? {}))),
  };
}

function sameLabels(actual: Record<string, string>, wanted: Record<string, string>): boolean {
  const keys = Object.keys(actual);
  return keys.length === Object.keys(wanted).length && keys.every((key) => actual[key] === wanted[key]);
}
