import { useCallback, useState } from 'react';
import type { StudentAttempt, StudentQuestion, StudentQuestionTranslation, StudentResult, StudentResultQuestion, StudentTestInfo } from '@shared/api/students';
import { startingLanguage } from '@shared/domain/test/translations';

/**
 * A multilingual test on the student page (issue 17): the student reads it in one of its
 * languages, chosen with the switch and kept on this device per free test (a reload keeps it).
 * Only the text changes: ids, answers, the timer and the score are the same in every language;
 * text not translated shows in the test's first language.
 */
const languageKey = (testKey: string) => `testforge.student.contentLanguage.${testKey}`;

type Translated = {
  name: string;
  paragraph?: string;
  options?: { id: string; name: string }[];
  solution?: string;
  translations?: Record<string, StudentQuestionTranslation>;
};

/** One question (and its passage's questions) in a language: each text translated where it is, else its own. */
export function localizeQuestion<Q extends Translated & { children?: Q[] }>(question: Q, language: string | null): Q {
  const own = language ? question.translations?.[language] : undefined;
  const children = question.children?.map((child) => localizeQuestion(child, language));
  if (!own) return children ? { ...question, children } : question;
  return {
    ...question,
    name: own.name ?? question.name,
    ...(question.paragraph !== undefined ? { paragraph: own.paragraph ?? question.paragraph } : {}),
    ...(question.options ? { options: question.options.map((option) => ({ ...option, name: own.options?.[option.id] ?? option.name })) } : {}),
    ...(question.solution !== undefined ? { solution: own.solution ?? question.solution } : {}),
    ...(children ? { children } : {}),
  };
}

/** The attempt in a language: the test's name and instructions and every question. */
export function localizeAttempt(attempt: StudentAttempt, language: string | null): StudentAttempt {
  if (!language || !attempt.languages?.length) return attempt;
  const own = attempt.translations?.[language];
  return {
    ...attempt,
    testName: own?.name ?? attempt.testName,
    instructions: own?.instructions ?? attempt.instructions,
    sections: attempt.sections.map((section) => ({
      ...section,
      questions: section.questions.map((question) => localizeQuestion<StudentQuestion>(question, language)),
    })),
  };
}

/** The result and its answer review in a language. */
export function localizeResult(result: StudentResult, language: string | null): StudentResult {
  if (!language || !result.languages?.length) return result;
  return {
    ...result,
    testName: result.translations?.[language]?.name ?? result.testName,
    sections: result.sections.map((section) => ({
      ...section,
      questions: section.questions.map((question) => localizeQuestion<StudentResultQuestion>(question, language)),
    })),
  };
}

/** The landing page's test in a language. */
export function localizeInfo(info: StudentTestInfo, language: string | null): StudentTestInfo {
  const own = language ? info.translations?.[language] : undefined;
  return own ? { ...info, name: own.name ?? info.name, instructions: own.instructions ?? info.instructions } : info;
}

function readChoice(testKey: string): string | null {
  try {
    return localStorage.getItem(languageKey(testKey));
  } catch {
    return null;
  }
}

/**
 * The language the student reads the test in: the one chosen before on this device, else the
 * browser's language when the test has it, else the test's first. null for a test in one language.
 */
export function useContentLanguage(languages: readonly string[] | undefined, testKey: string): [string | null, (language: string) => void] {
  const [chosen, setChosen] = useState(() => readChoice(testKey));
  const language = startingLanguage(languages ?? [], chosen, navigator.languages?.length ? navigator.languages : [navigator.language]);
  const choose = useCallback(
    (next: string) => {
      setChosen(next);
      try {
        localStorage.setItem(languageKey(testKey), next);
      } catch {
        // Private mode: the choice lasts until the page closes.
      }
    },
    [testKey],
  );
  return [language, choose];
}
