/**
 * The devices a player turned web push on in: added with what the browser's
 * PushManager gives (its endpoint and keys), listed, removed, and sent a
 * test. Every refusal is BAD_USER_INPUT (NOT_FOUND for a device not the
 * player's) and writes nothing.
 */
import { Inject, Injectable } from '@nestjs/common';
import { createECDH } from 'node:crypto';
import { Clock } from '../common/clock';
import { AppError } from '../common/errors';
import { isUuid } from '../common/ids';
import { cleanText } from '../common/text';
import { OutboundHttp, OutboundUrlRefused } from '../outbound/outbound-http';
import { PUSH_OPTIONS, PushOptions } from './push-options';
import { testPayload } from './push-payloads';
import { PushDevice, PushSubscriptionsRepository } from './push-subscriptions.repository';

export const MAX_DEVICES = 20;
const LABEL_LENGTH: [number, number] = [1, 60];

export interface SubscriptionInput {
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
}

/** Whether `key` is a point of P-256, uncompressed (65 bytes), as a browser's p256dh key is. */
function isP256Point(key: Buffer): boolean {
  if (key.length !== 65 || key[0] !== 4) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(key);
    return true;
  } catch {
    return false;
  }
}

function base64url(text: string): Buffer | null {
  return /^[A-Za-z0-9_-]+={0,2}$/.test(text) ? Buffer.from(text, 'base64url') : null;
}

@Injectable()
export class PushSubscriptions {
  constructor(
    private readonly repository: PushSubscriptionsRepository,
    private readonly outbound: OutboundHttp,
    private readonly clock: Clock,
    @Inject(PUSH_OPTIONS) private readonly options: PushOptions,
  ) {}

  get publicKey(): string {
    return this.options.vapid.publicKey;
  }

  async add(userId: string, input: SubscriptionInput): Promise<PushDevice> {
    const label = cleanText(input.label, 'A device name', LABEL_LENGTH);
    const p256dh = base64url(input.p256dh);
    if (!p256dh || !isP256Point(p256dh)) throw new AppError('BAD_USER_INPUT', "The browser's push key (p256dh) is not a P-256 public key.");
    if (base64url(input.auth)?.length !== 16) throw new AppError('BAD_USER_INPUT', "The browser's push secret (auth) is not 16 bytes.");
    const endpoint = await this.checkedEndpoint(input.endpoint);
    if ((await this.repository.countOthers(userId, endpoint)) >= MAX_DEVICES) {
      throw new AppError('BAD_USER_INPUT', `Push is on in ${MAX_DEVICES} devices already: remove one first.`);
    }
    return this.repository.add({ userId, endpoint, p256dh: input.p256dh, auth: input.auth, label, at: this.clock.now() });
  }

  list(userId: string): Promise<PushDevice[]> {
    return this.repository.list(userId);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!isUuid(id) || !(await this.repository.remove(userId, id))) throw new AppError('NOT_FOUND', 'You have no such device.');
  }

  /** Queues a test push to each of the player's devices; refused when they have none. */
  async sendTest(userId: string): Promise<number> {
    const queued = await this.repository.queueToAll(userId, testPayload(`${this.options.publicUrl}/settings`));
    if (queued === 0) throw new AppError('BAD_USER_INPUT', 'Push is not on in any of your devices.');
    return queued;
  }

  private async checkedEndpoint(endpoint: string): Promise<string> {
    try {
      return (await this.outbound.check(endpoint)).href;
    } catch (error) {
      if (error instanceof OutboundUrlRefused) throw new AppError('BAD_USER_INPUT', `The push address cannot be used: ${error.reason}`);
      throw error;
    }
  }
}
