export default async function globalTeardown(): Promise<void> {
  const api = globalThis.__SAMPLE_API__;
  globalThis.__SAMPLE_API__ = undefined;
  if (api) await api.close();
}
