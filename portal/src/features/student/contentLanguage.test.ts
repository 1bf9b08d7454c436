import type { StudentAttempt } from '@shared/api/students';
import { startingLanguage } from '@shared/domain/test/translations';
import { localizeAttempt, localizeQuestion } from './contentLanguage';

const question = {
  id: 'q1',
  type: 'multiple_choice' as const,
  number: 1,
  name: '<p>Capital?</p>',
  options: [
    { id: 'a', name: 'Hanoi' },
    { id: 'b', name: 'Hue' },
  ],
  marks: { positive: 1, negative: 0, negativeUnattempted: 0 },
  isOptional: false,
  translations: { Vietnamese: { name: '<p>Thủ đô?</p>', options: { a: 'Hà Nội' } } },
};

describe('a multilingual test on the student page (issue 17)', () => {
  test('a question in a language: translated text, the first language where a part is missing, ids unchanged', () => {
    const vi = localizeQuestion(question, 'Vietnamese');
    expect(vi.name).toBe('<p>Thủ đô?</p>');
    expect(vi.options).toEqual([
      { id: 'a', name: 'Hà Nội' },
      { id: 'b', name: 'Hue' },
    ]);
    expect(localizeQuestion(question, 'Korean')).toBe(question);
    expect(localizeQuestion(question, null)).toBe(question);
  });

  test('an attempt: the test name and the questions of a comprehension too', () => {
    const attempt = {
      testName: 'Capitals',
      instructions: '',
      languages: ['English', 'Vietnamese'],
      translations: { Vietnamese: { name: 'Thủ đô' } },
      sections: [
        {
          id: 's',
          questions: [
            {
              ...question,
              id: 'c',
              type: 'comprehension',
              paragraph: '<p>Read</p>',
              translations: { Vietnamese: { paragraph: '<p>Đọc</p>' } },
              children: [question],
            },
          ],
        },
      ],
    } as unknown as StudentAttempt;
    const vi = localizeAttempt(attempt, 'Vietnamese');
    expect(vi.testName).toBe('Thủ đô');
    const passage = vi.sections[0].questions[0];
    expect([passage.name, passage.paragraph, passage.children![0].name]).toEqual(['<p>Capital?</p>', '<p>Đọc</p>', '<p>Thủ đô?</p>']);
    expect(localizeAttempt(attempt, 'English').sections[0].questions[0].children![0].name).toBe('<p>Capital?</p>');
  });

  test('the starting language: the choice kept, else the browser language the test has, else the first', () => {
    const languages = ['English', 'Vietnamese', 'Korean'];
    expect(startingLanguage(languages, 'Korean', ['vi-VN'])).toBe('Korean');
    expect(startingLanguage(languages, null, ['fr-FR', 'ko-KR', 'vi'])).toBe('Korean');
    expect(startingLanguage(languages, 'Hindi', ['fr'])).toBe('English');
    expect(startingLanguage(['Vietnamese', 'English'], null, ['de'])).toBe('Vietnamese');
    expect(startingLanguage([], 'English', ['en'])).toBeNull();
  });
});
