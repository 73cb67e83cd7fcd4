// chrF (Popović 2015, https://aclanthology.org/W15-3049), computed as sacreBLEU computes its default `chrF2`: character
// n-grams of orders 1 to 6 with every whitespace character removed first, precision and recall averaged over the orders
// both sides have n-grams of, then combined as an F-score with β = 2 (recall weighs four times precision). A corpus is
// scored from its texts' n-gram counts summed, not from the mean of their scores, so a long text weighs what it holds.
// No npm package of it is installed, and the definition is short enough to own with its tests (tests/node/chrf.test.ts).

const CHRF_ORDER = 6;
const CHRF_BETA = 2;

/**
 * Per order n (index n - 1): how many n-grams the hypothesis has, how many the reference has, and how many they share
 * (each n-gram counted at most as often as the side with fewer of it has it).
 * @typedef {{ hypothesis: number[]; reference: number[]; matching: number[] }} ChrfStatistics
 */

/**
 * The text as chrF reads it: code points (an emoji or a rare kanji is one character, as in Python), no whitespace.
 * @param {string} text
 */
function characters(text) {
  return Array.from(text.replace(/\s+/gu, ""));
}

/**
 * @param {string[]} chars
 * @param {number} n
 */
function ngramCounts(chars, n) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (let i = 0; i + n <= chars.length; i++) {
    const gram = chars.slice(i, i + n).join("");
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

/**
 * One hypothesis against its reference: the n-gram counts a sentence or corpus score is made from.
 * @param {string} hypothesis
 * @param {string} reference
 * @returns {ChrfStatistics}
 */
export function chrfStatistics(hypothesis, reference) {
  const hypothesisChars = characters(hypothesis);
  const referenceChars = characters(reference);
  /** @type {ChrfStatistics} */
  const statistics = { hypothesis: [], reference: [], matching: [] };
  for (let n = 1; n <= CHRF_ORDER; n++) {
    const ofHypothesis = ngramCounts(hypothesisChars, n);
    const ofReference = ngramCounts(referenceChars, n);
    let matching = 0;
    for (const [gram, count] of ofHypothesis) matching += Math.min(count, ofReference.get(gram) ?? 0);
    statistics.hypothesis.push(Math.max(0, hypothesisChars.length - n + 1));
    statistics.reference.push(Math.max(0, referenceChars.length - n + 1));
    statistics.matching.push(matching);
  }
  return statistics;
}

/**
 * The score, 0 to 100, of summed statistics. An order one side has no n-gram of (a text shorter than n) is left out
 * of the averages, as sacreBLEU leaves it; with none left the score is 0.
 * @param {ChrfStatistics} statistics
 */
function chrfScore({ hypothesis, reference, matching }) {
  let precision = 0;
  let recall = 0;
  let orders = 0;
  for (let i = 0; i < CHRF_ORDER; i++) {
    if (!hypothesis[i] || !reference[i]) continue;
    precision += (matching[i] ?? 0) / hypothesis[i];
    recall += (matching[i] ?? 0) / reference[i];
    orders++;
  }
  if (orders === 0) return 0;
  precision /= orders;
  recall /= orders;
  if (precision + recall === 0) return 0;
  const betaSquared = CHRF_BETA ** 2;
  return (100 * ((1 + betaSquared) * precision * recall)) / (betaSquared * precision + recall);
}

/**
 * @param {string} hypothesis
 * @param {string} reference
 */
export function sentenceChrf(hypothesis, reference) {
  return chrfScore(chrfStatistics(hypothesis, reference));
}

/**
 * The corpus score: every pair's statistics summed, then scored once.
 * @param {readonly { hypothesis: string; reference: string }[]} pairs
 */
export function corpusChrf(pairs) {
  /** @type {ChrfStatistics} */
  const total = {
    hypothesis: Array(CHRF_ORDER).fill(0),
    reference: Array(CHRF_ORDER).fill(0),
    matching: Array(CHRF_ORDER).fill(0),
  };
  for (const { hypothesis, reference } of pairs) {
    const one = chrfStatistics(hypothesis, reference);
    for (let i = 0; i < CHRF_ORDER; i++) {
      total.hypothesis[i] += one.hypothesis[i] ?? 0;
      total.reference[i] += one.reference[i] ?? 0;
      total.matching[i] += one.matching[i] ?? 0;
    }
  }
  return chrfScore(total);
}
