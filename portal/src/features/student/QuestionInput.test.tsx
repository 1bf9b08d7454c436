import { act, fireEvent, screen } from '@testing-library/react';
import type { StudentQuestion } from '@shared/api/students';
import { renderWithProviders } from '../../test-utils';
import { QuestionInput } from './QuestionInput';

/** The student's number field keeps what was typed (issue 14: "2.5" became "25"). */
const integer = { id: 'q1', type: 'integer', name: '<p>Half of 5?</p>' } as unknown as StudentQuestion;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

test.each(['2.5', '-0.5', '2,5', '+.75'])('typing %s key by key keeps every character and saves it as typed', (typed) => {
  const onAnswer = jest.fn();
  renderWithProviders(<QuestionInput question={integer} answer={undefined} onAnswer={onAnswer} disabled={false} />);
  const input = screen.getByTestId('student-integer').querySelector('input') ?? screen.getByTestId('student-integer');
  for (let i = 1; i <= typed.length; i += 1) {
    fireEvent.change(input, { target: { value: typed.slice(0, i) } });
    expect((input as HTMLInputElement).value).toBe(typed.slice(0, i));
  }
  act(() => jest.advanceTimersByTime(1000));
  expect(onAnswer).toHaveBeenLastCalledWith({ value: typed });
  expect(screen.queryByText(/not a number yet/)).toBeNull();
});

test('text that cannot become a number is kept, with a warning, and cleared to a skip', () => {
  const onAnswer = jest.fn();
  renderWithProviders(<QuestionInput question={integer} answer={undefined} onAnswer={onAnswer} disabled={false} />, { language: 'vi' });
  const input = screen.getByTestId('student-integer').querySelector('input') ?? screen.getByTestId('student-integer');
  fireEvent.change(input, { target: { value: '2.5 cm' } });
  expect((input as HTMLInputElement).value).toBe('2.5 cm');
  expect(screen.getByText('Đây chưa phải là một số: dùng chữ số, dấu trừ và dấu thập phân.')).toBeTruthy();
  fireEvent.change(input, { target: { value: '' } });
  act(() => jest.advanceTimersByTime(1000));
  expect(onAnswer).toHaveBeenLastCalledWith(null);
});
