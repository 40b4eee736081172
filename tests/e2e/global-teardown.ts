export default async function globalTeardown() {
  (globalThis as { __stopWorker?: () => void }).__stopWorker?.();
}
