/** Types of the Prometheus text-format parser the /metrics test reads with (the package ships none). */
declare module "parse-prometheus-text-format" {
  type Metric = { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string; sum?: string };
  export default function parsePrometheusTextFormat(text: string): { name: string; help: string; type: string; metrics: Metric[] }[];
}
