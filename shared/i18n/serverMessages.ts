import { FALLBACK_LANGUAGE, type Language } from './languages';

/**
 * Messages the server sends (the portal shows them in its error toast), in each language.
 * `{name}` placeholders are filled from the error's params.
 */
const en = {
  invalidCredentials: 'Invalid organisation code, e-mail or password.',
  accountLocked: 'Too many failed logins for this account. Please try again in {minutes} minutes.',
  rateLimited: 'Too many requests. Please wait a minute and try again.',
  unauthorized: 'Your session has expired or is not valid. Please log in again.',
  subscriptionExpired: "Your organisation's subscription has expired. Please renew it to continue.",
  notFound: 'Not found: {what}.',
  routeNotFound: 'There is no API call {method} {url}.',
  fieldRequired: 'The field "{field}" is required.',
  fieldInvalid: 'The field "{field}" is invalid: {reason}',
  unknownField: 'The field "{field}" is not allowed here.',
  malformedJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large (at most {limit} bytes).',
  unsupportedMediaType: 'Send the request body as JSON (Content-Type: application/json).',
  badUrl: 'The address of this request is not valid.',
  nulCharacter: 'The field "{field}" must not contain NUL characters.',
  internalError: 'Something went wrong on our side. Please try again.',
  orgNotFound: 'No organisation has the code {code}.',
  wrongCurrentPassword: 'The current password is not correct.',
  passwordTooShort: 'The password must be at least {min} characters long.',
  passwordTooLong: 'The password must be at most {max} characters long.',
  passwordSame: 'The new password must be different from the current one.',
  passwordChanged: 'Password changed successfully.',
  resetMailSent: 'If an account matches, a password reset link has been sent to its e-mail address.',
  resetTokenInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  passwordReset: 'Your password has been reset. Please log in with the new password.',
  wlTokenInvalid: 'The white-label access token is not valid.',
  loggedOut: 'You have been logged out.',
  phoneLength: 'The phone number must be exactly {length} characters.',
  callbackRequested: 'Thank you! We will call you back within 5 minutes.',
  notificationSent: 'Thank you! Our team has been notified and will contact you soon.',
  settingsUpdated: 'Default settings updated.',
  globalReadOnly: 'Only CLP editors can change the Global Library.',
  moveIntoItself: 'A folder cannot be moved into itself or into one of its own folders.',
  attemptedTests: '{count} test(s) have been attempted by students and cannot be deleted: {names}.',
  foldersDeleted: 'Folder(s) deleted successfully',
  testsDeleted: 'Test(s) deleted successfully',
  itemsMoved: 'Moved successfully',
  resetMailSubject: 'Reset your Testforge password',
  resetMailBody:
    'Hello {name},\n\nSomeone asked to reset the password of your Testforge account ({email}, organisation {orgCode}).\n' +
    'Open this link within {minutes} minutes to choose a new password:\n\n{link}\n\n' +
    'If it was not you, ignore this e-mail: your password stays as it is.',
  supportNotificationSubject: 'Support request from {name}',
  supportNotificationBody: '{name} ({email}, organisation {orgCode}) asked to be contacted.',
  callbackSubject: 'Call-back request from {name}',
  callbackBody: '{name} ({email}, organisation {orgCode}) asked for a call back on {phone}.',
};

export type ServerMessageKey = keyof typeof en;

const vi: Record<ServerMessageKey, string> = {
  invalidCredentials: 'Mã tổ chức, e-mail hoặc mật khẩu không đúng.',
  accountLocked: 'Tài khoản này đăng nhập sai quá nhiều lần. Vui lòng thử lại sau {minutes} phút.',
  rateLimited: 'Quá nhiều yêu cầu. Vui lòng đợi một phút rồi thử lại.',
  unauthorized: 'Phiên đăng nhập đã hết hạn hoặc không hợp lệ. Vui lòng đăng nhập lại.',
  subscriptionExpired: 'Gói đăng ký của tổ chức bạn đã hết hạn. Vui lòng gia hạn để tiếp tục.',
  notFound: 'Không tìm thấy: {what}.',
  routeNotFound: 'Không có lệnh API {method} {url}.',
  fieldRequired: 'Trường "{field}" là bắt buộc.',
  fieldInvalid: 'Trường "{field}" không hợp lệ: {reason}',
  unknownField: 'Trường "{field}" không được phép ở đây.',
  malformedJson: 'Nội dung yêu cầu không phải JSON hợp lệ.',
  bodyTooLarge: 'Nội dung yêu cầu quá lớn (tối đa {limit} byte).',
  unsupportedMediaType: 'Hãy gửi nội dung yêu cầu dạng JSON (Content-Type: application/json).',
  badUrl: 'Địa chỉ của yêu cầu này không hợp lệ.',
  nulCharacter: 'Trường "{field}" không được chứa ký tự NUL.',
  internalError: 'Đã có lỗi xảy ra ở phía chúng tôi. Vui lòng thử lại.',
  orgNotFound: 'Không có tổ chức nào có mã {code}.',
  wrongCurrentPassword: 'Mật khẩu hiện tại không đúng.',
  passwordTooShort: 'Mật khẩu phải có ít nhất {min} ký tự.',
  passwordTooLong: 'Mật khẩu chỉ được có tối đa {max} ký tự.',
  passwordSame: 'Mật khẩu mới phải khác mật khẩu hiện tại.',
  passwordChanged: 'Đổi mật khẩu thành công.',
  resetMailSent: 'Nếu có tài khoản phù hợp, đường dẫn đặt lại mật khẩu đã được gửi tới e-mail của tài khoản đó.',
  resetTokenInvalid: 'Đường dẫn đặt lại mật khẩu không hợp lệ hoặc đã hết hạn. Vui lòng yêu cầu đường dẫn mới.',
  passwordReset: 'Mật khẩu của bạn đã được đặt lại. Vui lòng đăng nhập bằng mật khẩu mới.',
  wlTokenInvalid: 'Mã truy cập white-label không hợp lệ.',
  loggedOut: 'Bạn đã đăng xuất.',
  phoneLength: 'Số điện thoại phải có đúng {length} ký tự.',
  callbackRequested: 'Cảm ơn bạn! Chúng tôi sẽ gọi lại cho bạn trong vòng 5 phút.',
  notificationSent: 'Cảm ơn bạn! Đội ngũ của chúng tôi đã nhận được thông báo và sẽ sớm liên hệ.',
  settingsUpdated: 'Đã cập nhật cài đặt mặc định.',
  globalReadOnly: 'Chỉ biên tập viên CLP mới có thể thay đổi Thư viện chung.',
  moveIntoItself: 'Không thể chuyển một thư mục vào chính nó hoặc vào thư mục con của nó.',
  attemptedTests: '{count} bài kiểm tra đã có học viên làm nên không thể xóa: {names}.',
  foldersDeleted: 'Đã xóa thư mục thành công',
  testsDeleted: 'Đã xóa bài kiểm tra thành công',
  itemsMoved: 'Đã chuyển thành công',
  resetMailSubject: 'Đặt lại mật khẩu Testforge',
  resetMailBody:
    'Xin chào {name},\n\nCó người yêu cầu đặt lại mật khẩu tài khoản Testforge của bạn ({email}, tổ chức {orgCode}).\n' +
    'Mở đường dẫn này trong vòng {minutes} phút để chọn mật khẩu mới:\n\n{link}\n\n' +
    'Nếu không phải bạn, hãy bỏ qua e-mail này: mật khẩu của bạn vẫn giữ nguyên.',
  supportNotificationSubject: 'Yêu cầu hỗ trợ từ {name}',
  supportNotificationBody: '{name} ({email}, tổ chức {orgCode}) muốn được liên hệ.',
  callbackSubject: 'Yêu cầu gọi lại từ {name}',
  callbackBody: '{name} ({email}, tổ chức {orgCode}) yêu cầu gọi lại theo số {phone}.',
};

const ko: Record<ServerMessageKey, string> = {
  invalidCredentials: '기관 코드, 이메일 또는 비밀번호가 올바르지 않습니다.',
  accountLocked: '이 계정의 로그인 실패가 너무 많습니다. {minutes}분 후에 다시 시도하세요.',
  rateLimited: '요청이 너무 많습니다. 1분 후에 다시 시도하세요.',
  unauthorized: '세션이 만료되었거나 유효하지 않습니다. 다시 로그인하세요.',
  subscriptionExpired: '기관의 구독이 만료되었습니다. 계속하려면 구독을 갱신하세요.',
  notFound: '찾을 수 없습니다: {what}.',
  routeNotFound: 'API 호출 {method} {url}이(가) 없습니다.',
  fieldRequired: '"{field}" 필드는 필수입니다.',
  fieldInvalid: '"{field}" 필드가 올바르지 않습니다: {reason}',
  unknownField: '"{field}" 필드는 여기에서 허용되지 않습니다.',
  malformedJson: '요청 본문이 올바른 JSON이 아닙니다.',
  bodyTooLarge: '요청 본문이 너무 큽니다 (최대 {limit}바이트).',
  unsupportedMediaType: '요청 본문을 JSON으로 보내세요 (Content-Type: application/json).',
  badUrl: '요청 주소가 올바르지 않습니다.',
  nulCharacter: '"{field}" 필드에는 NUL 문자를 사용할 수 없습니다.',
  internalError: '서버에서 문제가 발생했습니다. 다시 시도하세요.',
  orgNotFound: '코드가 {code}인 기관이 없습니다.',
  wrongCurrentPassword: '현재 비밀번호가 올바르지 않습니다.',
  passwordTooShort: '비밀번호는 {min}자 이상이어야 합니다.',
  passwordTooLong: '비밀번호는 {max}자 이하여야 합니다.',
  passwordSame: '새 비밀번호는 현재 비밀번호와 달라야 합니다.',
  passwordChanged: '비밀번호가 변경되었습니다.',
  resetMailSent: '일치하는 계정이 있으면 해당 이메일로 비밀번호 재설정 링크를 보냈습니다.',
  resetTokenInvalid: '비밀번호 재설정 링크가 유효하지 않거나 만료되었습니다. 새 링크를 요청하세요.',
  passwordReset: '비밀번호가 재설정되었습니다. 새 비밀번호로 로그인하세요.',
  wlTokenInvalid: '화이트 라벨 액세스 토큰이 유효하지 않습니다.',
  loggedOut: '로그아웃되었습니다.',
  phoneLength: '전화번호는 정확히 {length}자여야 합니다.',
  callbackRequested: '감사합니다! 5분 이내에 다시 전화드리겠습니다.',
  notificationSent: '감사합니다! 담당 팀에 알렸으며 곧 연락드리겠습니다.',
  settingsUpdated: '기본 설정이 업데이트되었습니다.',
  globalReadOnly: 'CLP 편집자만 공용 라이브러리를 변경할 수 있습니다.',
  moveIntoItself: '폴더를 자기 자신이나 하위 폴더로 이동할 수 없습니다.',
  attemptedTests: '학생이 응시한 시험 {count}개는 삭제할 수 없습니다: {names}.',
  foldersDeleted: '폴더를 삭제했습니다',
  testsDeleted: '시험을 삭제했습니다',
  itemsMoved: '이동했습니다',
  resetMailSubject: 'Testforge 비밀번호 재설정',
  resetMailBody:
    '{name}님, 안녕하세요.\n\nTestforge 계정({email}, 기관 {orgCode})의 비밀번호 재설정이 요청되었습니다.\n' +
    '{minutes}분 이내에 이 링크를 열어 새 비밀번호를 설정하세요:\n\n{link}\n\n' +
    '본인이 요청하지 않았다면 이 이메일을 무시하세요. 비밀번호는 그대로 유지됩니다.',
  supportNotificationSubject: '{name}님의 지원 요청',
  supportNotificationBody: '{name}님({email}, 기관 {orgCode})이 연락을 요청했습니다.',
  callbackSubject: '{name}님의 콜백 요청',
  callbackBody: '{name}님({email}, 기관 {orgCode})이 {phone}번으로 콜백을 요청했습니다.',
};

export const SERVER_MESSAGES: Record<Language, Record<ServerMessageKey, string>> = { en, vi, ko };

export function serverMessage(
  language: Language,
  key: ServerMessageKey,
  params: Record<string, string | number> = {},
): string {
  const template = SERVER_MESSAGES[language]?.[key] ?? SERVER_MESSAGES[FALLBACK_LANGUAGE][key];
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}
