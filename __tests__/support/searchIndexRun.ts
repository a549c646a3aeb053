/**
 * Runs features/search/searchIndex.node.ts's writeSearchIndex under tsx, outside Jest:
 * Pagefind's Node API is an ES module, loaded with Node's own import(),
 * which Jest's module sandbox does not offer. Prints one line of JSON: the
 * summary or the error's message, and the child processes this process
 * still has once it settled (Pagefind's service must be gone).
 *
 *   tsx __tests__/support/searchIndexRun.ts <public dir> [answer within ms]
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { writeSearchIndex, type SearchIndexSummary } from '../../features/search/searchIndex.node';

/** This process's live children (Linux's /proc), by command name; zombies are gone once Node has reaped them. */
function children(): string[] {
  const tasks = `/proc/${process.pid}/task`;
  const pids = readdirSync(tasks).flatMap((task) => readFileSync(`${tasks}/${task}/children`, 'utf8').split(/\s+/).filter(Boolean));
  return pids.flatMap((pid) => {
    const stat = `/proc/${pid}/stat`;
    if (!existsSync(stat)) return [];
    const [, name, state] = /^\d+ \((.*)\) (\S)/.exec(readFileSync(stat, 'utf8')) ?? [];
    return state === 'Z' ? [] : [name];
  });
}

/** The children left after up to 2 s: a process killed a moment ago may take that long to go. */
async function childrenLeft(): Promise<string[]> {
  for (let waited = 0; waited < 2000 && children().length > 0; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  return children();
}

async function main(): Promise<void> {
  const [publicDir, answerWithinMs] = process.argv.slice(2);
  let result: { summary: SearchIndexSummary } | { error: string };
  try {
    result = { summary: await writeSearchIndex(publicDir, answerWithinMs ? Number(answerWithinMs) : undefined) };
  } catch (error) {
    result = { error: (error as Error).message };
  }
  process.stdout.write(`${JSON.stringify({ ...result, children: await childrenLeft() })}\n`);
}

void main();
