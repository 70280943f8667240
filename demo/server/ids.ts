/** Identifiers shaped like the reference server's: Mongo ObjectIds and uuid v4. */
import { randomBytes, randomUUID } from 'node:crypto';

const processUnique = randomBytes(5);
let counter = randomBytes(3).readUIntBE(0, 3);

/** A 24-hex ObjectId: 4-byte seconds, 5 process bytes, 3-byte counter (so ids sort by creation). */
export function objectId(now: number = Date.now()): string {
  const buf = Buffer.alloc(12);
  buf.writeUInt32BE(Math.floor(now / 1000) >>> 0, 0);
  processUnique.copy(buf, 4);
  counter = (counter + 1) % 0xffffff;
  buf.writeUIntBE(counter, 9, 3);
  return buf.toString('hex');
}

/**
 * `mongoose.Types.ObjectId.isValid` of mongoose 5: true for 24 hex characters and, quirkily,
 * for any 12-character string (taken as 12 raw bytes). The reference server's `projectSetter`
 * uses it, so `/abcdefghijkl/widgets` says "Project not found", not "Invalid project id".
 */
export function isValidObjectId(value: unknown): value is string {
  if (typeof value === 'number') return true;
  if (typeof value !== 'string') return false;
  return /^[0-9a-fA-F]{24}$/.test(value) || value.length === 12;
}

/** Strictly a 24-hex ObjectId: what a document `_id` lookup can actually match. */
export function isHexObjectId(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-fA-F]{24}$/.test(value);
}

/** Mongoose's ObjectId cast of a valid id: 24 hex lower-cased, a 12-character string as its bytes. */
export function castObjectId(value: string): string {
  return value.length === 12 ? Buffer.from(value, 'latin1').toString('hex') : value.toLowerCase();
}

export function uuid(): string {
  return randomUUID();
}
