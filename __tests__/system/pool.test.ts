/** @jest-environment node */
import { forEachAtOnce } from '../../system/pool';

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

describe('forEachAtOnce', () => {
  it('runs every item, never more than the limit at once, starting them in order', async () => {
    const started: number[] = [];
    let running = 0;
    let most = 0;
    await forEachAtOnce([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      started.push(item);
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
    });
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('runs one at a time under a limit below one, and does nothing for no items', async () => {
    let most = 0;
    let running = 0;
    await forEachAtOnce([1, 2, 3], 0, async () => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
    });
    expect(most).toBe(1);
    await expect(forEachAtOnce([], 4, () => Promise.reject(new Error('not called')))).resolves.toBeUndefined();
  });

  it('rejects with the first failure', async () => {
    await expect(forEachAtOnce([1, 2], 2, async (item) => (item === 2 ? Promise.reject(new Error('item 2')) : tick()))).rejects.toThrow('item 2');
  });
});
