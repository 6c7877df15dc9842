/** Deterministic "random" letters (a linear congruential generator), so a slow or failing input can be replayed. */
export function letters(n: number, seed: number, alphabet = 'абвгдежзийклмнопрстуфхцчшщыэюя'): string {
  let x = seed;
  let out = '';
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += alphabet[x % alphabet.length];
  }
  return out;
}
