/**
 * The bits under a kept search's token (alert-token.ts): a stream of bits written and read most
 * significant first, numbers as varints of 4-bit groups, a CRC-8 check byte and base64url without
 * padding. Nothing here knows what a search is.
 */

/** What a reader throws at anything that is not a stream a writer made: the token is refused. */
export class Malformed extends Error {}

export class BitWriter {
  readonly bytes: number[] = [];
  private current = 0;
  private used = 0;

  bits(value: number, count: number): void {
    for (let bit = count - 1; bit >= 0; bit -= 1) {
      this.current = (this.current << 1) | (Math.floor(value / 2 ** bit) % 2);
      this.used += 1;
      if (this.used === 8) {
        this.bytes.push(this.current);
        this.current = 0;
        this.used = 0;
      }
    }
  }

  /** A group of 4 bits, then 1 bit: more groups follow. */
  varint(value: number): void {
    let rest = value;
    do {
      const group = rest % 16;
      rest = Math.floor(rest / 16);
      this.bits(group, 4);
      this.bits(rest > 0 ? 1 : 0, 1);
    } while (rest > 0);
  }

  /** Zero bits up to the byte. */
  finish(): number[] {
    if (this.used > 0) this.bits(0, 8 - this.used);
    return this.bytes;
  }
}

export class BitReader {
  private position = 0;

  constructor(private readonly bytes: readonly number[]) {}

  bits(count: number): number {
    let value = 0;
    for (let index = 0; index < count; index += 1) {
      const byte = this.bytes[this.position >> 3];
      if (byte === undefined) throw new Malformed();
      value = value * 2 + ((byte >> (7 - (this.position & 7))) & 1);
      this.position += 1;
    }
    return value;
  }

  varint(): number {
    let value = 0;
    let scale = 1;
    for (let groups = 0; ; groups += 1) {
      if (groups > 13) throw new Malformed();
      const group = this.bits(4);
      value += group * scale;
      scale *= 16;
      if (this.bits(1) === 0) {
        // One way to write each number: no empty top group.
        if (groups > 0 && group === 0) throw new Malformed();
        return value;
      }
    }
  }

  /** Only zero bits to the end of the byte, and the stream ends there. */
  end(): void {
    while ((this.position & 7) !== 0) if (this.bits(1) !== 0) throw new Malformed();
    if (this.position >> 3 !== this.bytes.length) throw new Malformed();
  }
}

/** CRC-8 (polynomial 0x07) of the bytes. */
export function crc8(bytes: readonly number[]): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function toBase64Url(bytes: readonly number[]): string {
  let text = '';
  for (let index = 0; index < bytes.length; index += 3) {
    const [a = 0, b = 0, c = 0] = bytes.slice(index, index + 3);
    const chunk = (a << 16) | (b << 8) | c;
    const chars = Math.min(4, Math.ceil(((bytes.length - index) * 8) / 6));
    for (let char = 0; char < chars; char += 1) text += BASE64URL[(chunk >> (18 - 6 * char)) & 63];
  }
  return text;
}

/** The bytes of base64url text; null for other letters, a length no bytes have, or bits left over. */
export function fromBase64Url(text: string): number[] | null {
  if (!/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) return null;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    buffer = ((buffer << 6) | BASE64URL.indexOf(char)) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  // The bits left over must be zero, as the writer leaves them.
  return (buffer & ((1 << bits) - 1)) === 0 ? bytes : null;
}
