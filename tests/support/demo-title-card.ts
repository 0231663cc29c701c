/**
 * Where the demo's reel posters carry their title: the part of the frame, in fractions of its width
 * and height, that every demo title card's type stays inside (the label's cap line, 39%, to the
 * rule's foot, 58.5%; the title fitted to the middle 80%), written down from the cards in
 * demo/titles.ts. The reel player's big play button keeps clear of it
 * (tests/e2e/reels/player.spec.ts); demo/demo.test.ts checks that the cards stay inside.
 */
export const DEMO_TITLE_CARD = { x: 0.1, y: 0.38, width: 0.8, height: 0.22 };
