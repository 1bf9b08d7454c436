/**
 * A small, defensive reader of OLE compound files (MS-CFB), enough to pull one stream out of the
 * `word/embeddings/oleObjectN.bin` of an equation. Written here rather than taken from a package
 * because the input is untrusted: every chain walk is bounded by the number of sectors, every read
 * is checked against the buffer, and any inconsistency yields null instead of an exception.
 */

const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;
/** Sector numbers at or above this are markers (free, end of chain, FAT, DIFAT), never data. */
const MAX_REGULAR = 0xfffffffa;
/** An equation's stream is a few kilobytes; anything past this is not one we want to read. */
const MAX_STREAM = 4 * 1024 * 1024;

class CfbError extends Error {}

function fail(): never {
  throw new CfbError('malformed compound file');
}

export function isCompoundFile(bin: Uint8Array): boolean {
  return bin.length >= 512 && SIGNATURE.every((byte, i) => bin[i] === byte);
}

/** The bytes of the first stream named `name` (case-insensitive), or null when absent or unreadable. */
export function readCfbStream(bin: Uint8Array, name: string): Uint8Array | null {
  if (!isCompoundFile(bin)) return null;
  try {
    return new Reader(bin).stream(name.toLowerCase());
  } catch (error) {
    if (error instanceof CfbError || error instanceof RangeError) return null;
    throw error;
  }
}

class Reader {
  private readonly view: DataView;
  private readonly sectorSize: number;
  private readonly sectorCount: number;
  private readonly fat: Uint32Array;

  constructor(private readonly bin: Uint8Array) {
    this.view = new DataView(bin.buffer, bin.byteOffset, bin.byteLength);
    const shift = this.u16(0x1e);
    if (shift !== 9 && shift !== 12) fail();
    this.sectorSize = 1 << shift;
    // Sector n starts at (n + 1) * size; a truncated last sector still counts, reads are checked.
    this.sectorCount = Math.ceil(bin.length / this.sectorSize) - 1;
    this.fat = this.readFat();
  }

  private u16(at: number): number {
    if (at < 0 || at + 2 > this.bin.length) fail();
    return this.view.getUint16(at, true);
  }

  private u32(at: number): number {
    if (at < 0 || at + 4 > this.bin.length) fail();
    return this.view.getUint32(at, true);
  }

  private sectorOffset(sector: number): number {
    if (sector >= this.sectorCount) fail();
    return (sector + 1) * this.sectorSize;
  }

  /** The FAT sectors come from the 109 header slots, then from the DIFAT chain. */
  private readFat(): Uint32Array {
    const perSector = this.sectorSize / 4;
    const fatSectors: number[] = [];
    const declared = Math.min(this.u32(0x2c), this.sectorCount);
    for (let i = 0; i < 109 && fatSectors.length < declared; i++) fatSectors.push(this.u32(0x4c + i * 4));
    let difat = this.u32(0x44);
    for (let hops = 0; fatSectors.length < declared && difat < MAX_REGULAR; hops++) {
      if (hops > this.sectorCount) fail();
      const base = this.sectorOffset(difat);
      for (let i = 0; i < perSector - 1 && fatSectors.length < declared; i++) fatSectors.push(this.u32(base + i * 4));
      difat = this.u32(base + (perSector - 1) * 4);
    }
    const fat = new Uint32Array(fatSectors.length * perSector);
    fatSectors.forEach((sector, index) => {
      const base = this.sectorOffset(sector);
      for (let i = 0; i < perSector; i++) fat[index * perSector + i] = base + i * 4 + 4 <= this.bin.length ? this.u32(base + i * 4) : END_OF_CHAIN;
    });
    return fat;
  }

  /** The sectors of a chain, in order; a loop or a jump outside the table is an error. */
  private chain(start: number, table: Uint32Array, limit: number): number[] {
    const out: number[] = [];
    for (let sector = start; sector !== END_OF_CHAIN; sector = table[sector]) {
      if (sector >= table.length || out.length > limit) fail();
      out.push(sector);
    }
    return out;
  }

  /** A chain of regular sectors, read up to `size` bytes (or all of it when size is null). */
  private readRegular(start: number, size: number | null): Uint8Array {
    const sectors = this.chain(start, this.fat, this.sectorCount);
    const total = size ?? sectors.length * this.sectorSize;
    if (total > sectors.length * this.sectorSize || total > MAX_STREAM * 4) fail();
    const out = new Uint8Array(total);
    for (let i = 0, written = 0; written < total; i++) {
      const from = this.sectorOffset(sectors[i]);
      const take = Math.min(this.sectorSize, total - written, this.bin.length - from);
      if (take <= 0) fail();
      out.set(this.bin.subarray(from, from + take), written);
      written += take;
    }
    return out;
  }

  stream(wanted: string): Uint8Array | null {
    const directory = this.readRegular(this.u32(0x30), null);
    const entries = Math.floor(directory.length / 128);
    const view = new DataView(directory.buffer);
    let root: { start: number; size: number } | null = null;
    for (let i = 0; i < entries; i++) {
      const at = i * 128;
      const nameBytes = Math.min(view.getUint16(at + 64, true), 64);
      const type = directory[at + 66];
      const start = view.getUint32(at + 116, true);
      const size = view.getUint32(at + 120, true); // the high half only matters past 4 GB
      if (type === 5) root = { start, size };
      if (type !== 2 || nameBytes < 2) continue;
      let name = '';
      for (let c = 0; c + 2 < nameBytes; c += 2) name += String.fromCharCode(view.getUint16(at + c, true));
      if (name.toLowerCase() !== wanted) continue;
      if (size > MAX_STREAM) return null;
      if (size >= this.u32(0x38)) return this.readRegular(start, size);
      if (!root) return null;
      return this.readMini(start, size, root);
    }
    return null;
  }

  /** Small streams live in 64-byte mini sectors inside the root entry's stream, chained by the mini FAT. */
  private readMini(start: number, size: number, root: { start: number; size: number }): Uint8Array {
    const miniSize = 1 << this.u16(0x20);
    if (miniSize < 16 || miniSize > this.sectorSize) fail();
    const miniStream = this.readRegular(root.start, Math.min(root.size, this.sectorCount * this.sectorSize));
    const miniFatBytes = this.u32(0x3c) < MAX_REGULAR ? this.readRegular(this.u32(0x3c), null) : new Uint8Array(0);
    const miniFat = new Uint32Array(miniFatBytes.length / 4);
    const fatView = new DataView(miniFatBytes.buffer);
    for (let i = 0; i < miniFat.length; i++) miniFat[i] = fatView.getUint32(i * 4, true);
    const sectors = this.chain(start, miniFat, miniStream.length / miniSize + 1);
    if (size > sectors.length * miniSize) fail();
    const out = new Uint8Array(size);
    for (let i = 0, written = 0; written < size; i++) {
      const from = sectors[i] * miniSize;
      const take = Math.min(miniSize, size - written);
      if (from + take > miniStream.length) fail();
      out.set(miniStream.subarray(from, from + take), written);
      written += take;
    }
    return out;
  }
}
