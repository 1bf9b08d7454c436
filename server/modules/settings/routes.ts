import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_TEST_SETTINGS, QUESTION_ORDERS, REVEAL_ANSWERS_TIMES, REVEAL_CORRECT_ANSWERS, type DefaultTestSettings } from '@shared/domain/testSettings';
import { authOf } from '../../http/context';
import type { Services } from '../../services';
import { readClpDefaults } from './repository';

const settingsShape = z.object({
  orderOfQuestions: z.enum(QUESTION_ORDERS),
  revealCorrectAnswers: z.enum(REVEAL_CORRECT_ANSWERS),
  showSolutions: z.boolean(),
  isSectionSwitchingEnabled: z.boolean(),
  revealAnswersTime: z.enum(REVEAL_ANSWERS_TIMES),
  showAnswers: z.boolean(),
});

/** A PATCH may send any subset; what it leaves out keeps its value. */
const updateBody = z.object({ settings: settingsShape.partial() });

export async function settingsRoutes(app: FastifyInstance, services: Services): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { accounts, requireAuth, db, sessions } = services;

  const userDefaults = (stored: unknown): DefaultTestSettings => ({
    ...DEFAULT_TEST_SETTINGS,
    ...((stored as Partial<DefaultTestSettings> | null) ?? {}),
  });

  api.get('/v2/auth/default-settings', { schema: { tags: ['settings'] }, preValidation: requireAuth }, async (request) => {
    return { data: { settings: userDefaults(authOf(request).user.default_settings) } };
  });

  api.patch('/v2/user/update-default-settings', { schema: { tags: ['settings'], body: updateBody }, preValidation: requireAuth }, async (request) => {
    const { user } = authOf(request);
    const stored = await accounts.mergeDefaultSettings(user.id, request.body.settings);
    sessions.forgetUser(user.id);
    return { data: { settings: userDefaults(stored) } };
  });

  // Defaults of Global Library (CLP) tests: one set for the whole deployment.
  api.get('/v2/auth/clp-default-settings', { schema: { tags: ['settings'] }, preValidation: requireAuth }, async () => {
    return { data: { settings: userDefaults(await readClpDefaults(db)) } };
  });
}
