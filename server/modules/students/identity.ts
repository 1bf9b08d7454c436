import crypto from 'node:crypto';
import type { Language } from '@shared/i18n/languages';
import { serverMessage } from '@shared/i18n/serverMessages';
import { AppError, badRequest } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import type { SmsSender } from '../../mail/sms';
import { hashToken, newId, newToken } from '../../security';
import type { StudentIdentityRepository } from './identityRepository';
import type { StudentRow } from './repository';

/** A code lives 10 minutes, may be tried 5 times, and a new one is sent at most once a minute. */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_TRIES = 5;
export const CODE_GAP_MS = 60_000;
/** A tutor's reset lets the student in once from a new device within this time. */
export const RESET_WAIVER_MS = 24 * 3_600_000;

/** What a contact is compared by: an e-mail lower-cased, a phone number's digits. Null when it is neither. */
export function contactKeyOf(contact: string): string | null {
  const text = contact.trim();
  if (text.includes('@')) return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? text.toLowerCase() : null;
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 6 && digits.length <= 15 ? digits : null;
}

/** What a student may show to be taken for the one who used a contact before. */
export interface StudentProof {
  /** The random key the student's browser keeps (never stored in clear). */
  deviceKey?: string;
  /** An attempt token of theirs (x-student-token), kept by the page. */
  token?: string;
  /** The one-time code sent to the contact. */
  code?: string;
}

const proofRequired = () => new AppError(403, 'STUDENT_PROOF_REQUIRED', 'studentProofRequired');
const codeHash = (orgId: string, contactKey: string, code: string) => hashToken(`${orgId}:${contactKey}:${code}`);

/**
 * Who a student is (issue 14). A contact (e-mail or phone) proves nothing: a new one makes a new
 * student, bound to the device it came from; a known one is accepted only from one of that
 * student's devices, with one of their attempt tokens, with the one-time code sent to the
 * contact, or once after a tutor's reset. Without proof: 403, and nothing changes (no token, no
 * rename, no attempt).
 */
export class StudentIdentityService {
  constructor(
    private readonly repo: StudentIdentityRepository,
    private readonly mailer: Mailer,
    private readonly sms: SmsSender,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The student of this contact in the organisation, created when new; 403 without proof for a known one. */
  async prove(orgId: string, identity: { name: string; contact: string }, proof: StudentProof): Promise<StudentRow> {
    const key = contactKeyOf(identity.contact);
    if (!key) throw badRequest('contact', 'studentContactInvalid');
    const name = identity.name.trim();
    const contact = identity.contact.trim();
    const deviceHash = proof.deviceKey ? hashToken(`device:${proof.deviceKey}`) : null;
    let student = await this.repo.byContact(orgId, key);
    if (!student) {
      const made = await this.repo.create({ id: newId(), org_id: orgId, name, contact, contact_key: key });
      student = made.row;
      if (made.created) {
        if (deviceHash) await this.repo.bindDevice(student, deviceHash);
        return student;
      }
    }
    if (!(await this.proven(student, key, deviceHash, proof))) throw proofRequired();
    if (deviceHash) await this.repo.bindDevice(student, deviceHash);
    if (student.name !== name || student.contact !== contact) {
      await this.repo.rename(student.id, name, contact);
      student = { ...student, name, contact };
    }
    return student;
  }

  private async proven(student: StudentRow, key: string, deviceHash: string | null, proof: StudentProof): Promise<boolean> {
    if (deviceHash && (await this.repo.hasDevice(student.id, deviceHash))) return true;
    if (proof.token && (await this.repo.ownsToken(student.id, hashToken(proof.token)))) return true;
    if (proof.code !== undefined) return this.checkCode(student.org_id, key, proof.code);
    return this.repo.useWaiver(student.id, new Date(this.clock()));
  }

  /** A code given: right, or 403 saying it is wrong (or used up: a new one is needed). */
  private async checkCode(orgId: string, key: string, code: string): Promise<boolean> {
    const spent = await this.repo.spendTry(orgId, key, new Date(this.clock()));
    if (!spent || spent.tries > CODE_TRIES) throw new AppError(403, 'STUDENT_CODE_EXPIRED', 'studentCodeExpired');
    const given = Buffer.from(codeHash(orgId, key, code.trim()));
    if (given.length !== spent.code_hash.length || !crypto.timingSafeEqual(given, Buffer.from(spent.code_hash))) {
      throw new AppError(403, 'STUDENT_CODE_WRONG', 'studentCodeWrong', { left: Math.max(0, CODE_TRIES - spent.tries) });
    }
    await this.repo.dropCode(orgId, key);
    return true;
  }

  /**
   * Sends a one-time code to the contact, by e-mail or text message, when a student of the
   * organisation has it. Answers the same whether or not one does, in the same time (the code is
   * made and sent after the answer).
   */
  async requestCode(orgId: string, testName: string, contact: string, lang: Language): Promise<void> {
    const key = contactKeyOf(contact);
    if (!key) throw badRequest('contact', 'studentContactInvalid');
    const student = await this.repo.byContact(orgId, key);
    if (!student) return;
    this.mailer.later(async () => {
      const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
      const now = new Date(this.clock());
      if (!(await this.repo.putCode(orgId, key, codeHash(orgId, key, code), new Date(now.getTime() + CODE_TTL_MS), now, CODE_GAP_MS))) return;
      const params = { code, test: testName, minutes: CODE_TTL_MS / 60_000 };
      if (key.includes('@')) {
        await this.mailer.send({
          orgId,
          kind: 'student-code',
          to: student.contact,
          subject: serverMessage(lang, 'studentCodeMailSubject', params),
          body: serverMessage(lang, 'studentCodeMailBody', params),
        });
      } else {
        await this.sms.send({ orgId, kind: 'student-code', to: student.contact, text: serverMessage(lang, 'studentCodeSms', params) });
      }
    });
  }

  /** A tutor's reset of a student on a free test: see StudentIdentityRepository.reset. Null when no student has the contact. */
  async reset(orgId: string, sharedTestId: string, contact: string): Promise<{ student: StudentRow; attemptsInProgress: number } | null> {
    const key = contactKeyOf(contact);
    if (!key) throw badRequest('contact', 'studentContactInvalid');
    const student = await this.repo.byContact(orgId, key);
    if (!student) return null;
    const attemptsInProgress = await this.repo.reset(student, sharedTestId, new Date(this.clock() + RESET_WAIVER_MS), () => hashToken(newToken()));
    return { student, attemptsInProgress };
  }
}
