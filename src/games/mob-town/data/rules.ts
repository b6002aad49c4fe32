/** Component counts and numbers of the competitive game (confirmed by the rulebook). */
export const GAME = {
  rounds: 3,
  /** City size: this many cards plus one per player. */
  cityBase: 10,
  openLotSize: 3,
  handSize: 3,
  lineupSize: 5,
  tokensPerPlayer: 12,
  briefcasesPerPlayer: 3,
  pointsPerBriefcase: 2,
  drawCount: 2,
  cashInPicks: 2,
  bigMoneyPicks: 3,
};
