// The package ships no types; this is the shape its README documents (prom2json's).
declare module "parse-prometheus-text-format" {
  interface PrometheusSample {
    value?: string;
    labels?: Record<string, string>;
    /** Histograms: the cumulative count under each bound (`le`), and the sum and count. */
    buckets?: Record<string, string>;
    /** Summaries: the value at each quantile. */
    quantiles?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  interface PrometheusFamily {
    name: string;
    help: string;
    type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    metrics: PrometheusSample[];
  }
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
