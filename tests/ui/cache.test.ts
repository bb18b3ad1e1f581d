import { describe, expect, it, vi } from 'vitest';
import { CACHE_TIME_MS, cached } from '../../src/api/cache.ts';

describe('the named data cache', () => {
  it('shares one answer per name for 5 minutes, then loads again', async () => {
    const load = vi.fn(async () => 'menu');
    const now = 1_000_000;
    await cached('k1', load, now);
    await cached('k1', load, now + CACHE_TIME_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await cached('k1', load, now + CACHE_TIME_MS);
    expect(load).toHaveBeenCalledTimes(2);
    expect(CACHE_TIME_MS).toBe(300_000);
  });

  it('forgets a failed load so the next call tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('menu');
    await expect(cached('k2', load)).rejects.toThrow('offline');
    await expect(cached('k2', load)).resolves.toBe('menu');
  });
});
