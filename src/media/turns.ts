/**
 * Takes turns: at most `size` callers run at once, the rest wait in arrival order. Storing a finished upload
 * (sniffing, the public copy, moving it into the store) holds buffers of up to a few MB for a photo; a crowd finishing
 * hundreds of uploads together would otherwise hold them all at once (bench/show-night.ts), for no gain in speed:
 * the work is on the one JavaScript thread and the disk.
 */
export function turns(size: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function take<T>(work: () => Promise<T>): Promise<T> {
    if (running >= size) await new Promise<void>((go) => waiting.push(go));
    else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next(); // the turn passes on, `running` unchanged
      else running--;
    }
  };
}
