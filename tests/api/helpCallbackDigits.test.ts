// The call-back form takes phone numbers only (issue 17): POST /v2/user/receiveCallBack refuses
// 10 characters that are not all digits, naming phoneNo. Its own server: the route serves 10
// requests a minute, which help.test.ts already spends.
import { startSignedIn, fieldError, type TestServer } from '../support/testServer';

// @database-neutral: its subject is a field's validation, so it runs once, not on each database (jest.config.js).

let server: TestServer;
let token: string;
beforeAll(async () => ({ server, token } = await startSignedIn()));
afterAll(() => server.close());

const callBack = (phoneNo: unknown, lang?: string) => server.call('POST', '/api/v2/user/receiveCallBack', { token, body: { phoneNo }, lang });
const stored = async () => (await server.database.db.selectFrom('support_requests').select('phone_no').execute()).map((r) => r.phone_no);
const DIGITS_ONLY = 'The phone number may hold digits only (0-9), such as 9876543210: no letters, spaces or symbols.';

test.each(['98765 4321', '+987654321', '98765-4321', 'call me!!!', '９８７６５４３２１０'])(
  '%p (10 characters, not all digits) is 400 naming phoneNo; nothing stored',
  async (phoneNo) => {
    const res = await callBack(phoneNo);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(fieldError('VALIDATION_ERROR', 'phoneNo', DIGITS_ONLY));
    expect(await stored()).toEqual([]);
  },
);

test("a short number with a letter is told about the letter first; the message is in the caller's language", async () => {
  expect((await callBack('12a')).body.message).toBe(DIGITS_ONLY);
  expect((await callBack('abcdefghij', 'vi')).body.message).toBe(
    'Số điện thoại chỉ được gồm chữ số (0-9), ví dụ 9876543210: không có chữ cái, dấu cách hay ký hiệu.',
  );
  expect((await callBack('abcdefghij', 'ko')).body.message).toBe('전화번호에는 9876543210처럼 숫자(0-9)만 쓸 수 있습니다. 문자, 공백, 기호는 쓸 수 없습니다.');
});

test('ten digits are taken', async () => {
  const res = await callBack('0123456789');
  expect(res.status).toBe(200);
  expect(await stored()).toEqual(['0123456789']);
});
