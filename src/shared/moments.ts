/** Where an event stands in a game, in the words the history uses ("Round 2 · Bob's turn · move 14"): the page labels its timeline with them. */
export { momentLabel, type Moment } from '../play/moments';
