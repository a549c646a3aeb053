import { formatTable } from '../../bench/table';

describe('formatTable', () => {
  it('aligns the first column left and the others right, two spaces apart', () => {
    expect(
      formatTable(
        ['page', 'JS', 'LCP'],
        [
          ['/', '108.1 KiB', '900 ms'],
          ['/bg/privacy-policy/', '9.0 KiB', '1450 ms'],
        ],
      ),
    ).toBe(['page                        JS      LCP', '/                    108.1 KiB   900 ms', '/bg/privacy-policy/    9.0 KiB  1450 ms'].join('\n'));
  });

  it('takes an alignment per column, and leaves no trailing spaces', () => {
    const table = formatTable(
      ['a', 'b', 'c'],
      [
        ['x', 'yy', ''],
        ['xx', 'y'],
      ],
      ['left', 'left', 'right'],
    );
    expect(table).toBe(['a   b   c', 'x   yy', 'xx  y'].join('\n'));
    for (const line of table.split('\n')) expect(line).toBe(line.trimEnd());
  });
});
