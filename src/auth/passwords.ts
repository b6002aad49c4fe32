/**
 * Passwords at this server's cost (PASSWORD_HASH_COST): hashing new ones,
 * checking one a player types, and telling a hash made at another cost.
 * A check for an address with no account does the same work as one for an
 * address with an account, so that how long a login takes tells nobody which
 * addresses have accounts.
 */
import { Inject, Injectable } from '@nestjs/common';
import { hashPassword, madeAtCost, verifyPassword } from './password';

/** PASSWORD_HASH_COST (auth/password.ts): how costly a password's hash is made. */
export const PASSWORD_HASH_COST = Symbol('PASSWORD_HASH_COST');

@Injectable()
export class Passwords {
  /** What a password is checked against where no hash is stored: made at this server's cost, as the stored ones are. */
  private readonly standIn: Promise<string>;

  constructor(@Inject(PASSWORD_HASH_COST) private readonly cost: number) {
    this.standIn = this.hash('no account has this password');
  }

  hash(password: string): Promise<string> {
    return hashPassword(password, this.cost);
  }

  /** Whether `password` is the one `stored` was made from; with nothing stored, false, after the same work. */
  async matches(password: string, stored: string | null): Promise<boolean> {
    const matches = await this.verify(password, stored ?? (await this.standIn));
    return matches && stored !== null;
  }

  /** One scrypt at `stored`'s parameters: the work a check costs. */
  verify(password: string, stored: string): Promise<boolean> {
    return verifyPassword(password, stored);
  }

  /** Whether `stored` was made at this server's cost (else a login makes it again, now that the password is at hand). */
  isAtThisCost(stored: string): boolean {
    return madeAtCost(stored, this.cost);
  }
}
