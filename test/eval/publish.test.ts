// `npm run eval -- --publish`: where a run's summary is published, the command that measures it
// again, and the runs that may not be published (a partial run, data from outside datasets/).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEvalArgs } from '../../eval/args.js';
import { evalCommand, publishedName, publishProblem } from '../../eval/publish.js';

const ROOT = join(import.meta.dirname, '..', '..');
const args = (...argv: string[]) => parseEvalArgs([...argv, '--publish'], ROOT);

describe('publishing an eval run', () => {
  it('names the result by data, mode, model and origin', () => {
    expect(publishedName(args())).toBe('eval-dev-told');
    expect(publishedName(args('--blind', '--data', join(ROOT, 'datasets', 'intermittent')))).toBe('eval-intermittent-blind');
    expect(publishedName(args('--model', 'ets', '--origin', '2'))).toBe('eval-dev-told-ets-origin2');
    expect(publishedName(args('--calendar'))).toBe('eval-dev-calendar');
  });

  it('records the command that measures it again, relative to the repository', () => {
    expect(evalCommand(args(), ROOT)).toBe('npm run eval -- --data datasets/dev');
    expect(evalCommand(args('--blind', '--model', 'arima', '--origin', '1'), ROOT)).toBe('npm run eval -- --data datasets/dev --blind --model arima --origin 1');
  });

  it('publishes only whole runs over a folder of datasets/', () => {
    expect(args().publish).toBe(true);
    expect(publishProblem(args(), ROOT)).toBeNull();
    expect(publishProblem(args('--group', 'M4'), ROOT)).toMatch(/drop --group/);
    expect(publishProblem(args('--data', '/tmp/elsewhere'), ROOT)).toMatch(/--publish needs a folder of/);
    expect(publishProblem(args('--data', join(ROOT, 'datasets')), ROOT)).toMatch(/--publish needs a folder of/);
  });
});
