/** A small seeded generator for tests that must not depend on Math.random: rand(n) is an integer in [0, n). */
export function lcg(seed: number): (n: number) => number {
  let x = seed;
  return (n) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return Math.floor((x / 2147483648) * n);
  };
}
