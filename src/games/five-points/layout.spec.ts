/** The grid: starting shape, adjacency and connectivity. */
import { adjacentNeighborhoods, bounds, compactCells, isConnected, relocationTargets } from './layout';
import { city } from './test-support/scenario';

describe('compactCells', () => {
  it.each([
    [11, 4, 3],
    [14, 4, 4],
    [17, 5, 4],
  ])('lays %i tiles in a %ix%i block, connected', (count, width, height) => {
    const cells = compactCells(count);
    expect(bounds(cells)).toEqual({ minX: 0, minY: 0, width, height });
    expect(isConnected(cells)).toBe(true);
  });
});

describe('isConnected', () => {
  it('treats diagonal contact as no contact', () => {
    expect(
      isConnected([
        { x: 0, y: 0 },
        { x: 1, y: 1 },
      ]),
    ).toBe(false);
    expect(
      isConnected([
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 1, y: 1 },
      ]),
    ).toBe(true);
  });
});

describe('adjacency and relocation', () => {
  //   blue-1  green-1  .
  //   .       red-1    orange-1
  const state = city(3, [
    ['blue-1', 'green-1', null],
    [null, 'red-1', 'orange-1'],
  ]);

  it('finds orthogonal neighbors only', () => {
    expect(adjacentNeighborhoods(state, 'green-1').map((n) => n.id)).toEqual(['blue-1', 'red-1']);
    expect(adjacentNeighborhoods(state, 'blue-1').map((n) => n.id)).toEqual(['green-1']);
  });

  it('lets a tile whose removal splits the city go only where it joins the parts again', () => {
    expect(relocationTargets(state, 'green-1')).toEqual([{ x: 0, y: 1 }]);
    expect(relocationTargets(state, 'red-1')).toEqual([{ x: 2, y: 0 }]);
  });

  it('offers nothing to a tile that holds the city together from every side', () => {
    const line = city(3, [['blue-1', 'green-1', 'red-1']]);
    expect(relocationTargets(line, 'green-1')).toEqual([]);
  });

  it('offers every empty cell next to the rest of the city for an end tile', () => {
    const targets = relocationTargets(state, 'blue-1');
    expect(targets).toContainEqual({ x: 2, y: 0 });
    expect(targets).toContainEqual({ x: 1, y: 2 });
    expect(targets).not.toContainEqual({ x: 0, y: 0 });
    expect(targets).not.toContainEqual({ x: -1, y: 0 });
  });
});
