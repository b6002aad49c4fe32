/**
 * The secret part of a calendar address: the player's address id (a random
 * UUID, calendar-addresses.ts) and an HMAC of it under a key of the server's
 * secret. The database holds only the id and the server only the key: a copy
 * of either alone opens no one's calendar. A new id makes a new address, and
 * the old one names no one (revoked), whatever the key.
 */
import { createHmac } from 'node:crypto';
import { isUuid } from '../common/ids';
import { sameSecret } from '../common/same-secret';

/** Calendar apps know a feed by this ending. */
const FILE_ENDING = '.ics';

export class CalendarAddressTokens {
  private readonly key: Buffer;

  constructor(secret: string) {
    // Its own key, so a signature here is worth nothing anywhere else.
    this.key = createHmac('sha256', secret).update('calendar-addresses').digest();
  }

  /** The last part of the address of `addressId`'s calendar. */
  fileName(addressId: string): string {
    return `${addressId}.${this.sign(addressId)}${FILE_ENDING}`;
  }

  /** The address id a file name stands for, or null when it is not one we signed. */
  addressIdOf(fileName: string): string | null {
    if (!fileName.endsWith(FILE_ENDING)) return null;
    const [addressId, signature, ...rest] = fileName.slice(0, -FILE_ENDING.length).split('.');
    if (rest.length > 0 || !isUuid(addressId) || !signature || !sameSecret(signature, this.sign(addressId))) return null;
    return addressId;
  }

  private sign(addressId: string): string {
    return createHmac('sha256', this.key).update(addressId.toLowerCase()).digest('base64url');
  }
}
