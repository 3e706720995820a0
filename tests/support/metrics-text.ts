/** The value of the first sample line of Prometheus text that starts with `prefix` (name and labels). */
export function metricSample(text: string, prefix: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(prefix))
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1))
}
