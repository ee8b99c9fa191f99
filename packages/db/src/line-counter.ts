import { Transform } from 'node:stream';

/** A pass-through that counts the lines flowing through it (COPY's text format: one row each). */
export function lineCounter(onLines: (n: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, next) {
      let n = 0;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) n++;
      if (n) onLines(n);
      next(null, chunk);
    },
  });
}
