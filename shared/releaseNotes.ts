/**
 * Release notes: what each day's work brought tutors and students, written from the git history
 * (issue 17: "What's new" shows these, not a placeholder). Newest first. When a feature lands,
 * add its line here in all three languages; tests/unit/releaseNotes.test.ts holds the shape.
 */
export type NoteLanguage = 'en' | 'vi' | 'ko';

export interface Release {
  /** The day it landed, YYYY-MM-DD. */
  date: string;
  /** One line per feature, in each language, the same order. */
  notes: Record<NoteLanguage, string[]>;
}

export const RELEASE_NOTES: Release[] = [
  {
    date: '2026-11-26',
    notes: {
      en: [
        'Tick several questions in the editor to set their marks, move, copy or delete them at once; marks for a whole section in one step.',
        'A Trash for 30 days: deleted tests, folders and questions can be restored where they were, and a delete can be undone from its message.',
        'Optional questions per section: students attempt any N of M, and the best N count.',
        'The student page on a phone: mark for review, a question-status legend, section tabs that scroll, and answers kept in the browser until the connection returns.',
        'A new free test opens now; the dialog warns when nobody can open the link yet and says when answers shown later appear.',
        'Share a test from the editor, and dates and numbers written the way your language writes them.',
        "Your organisation's logo, colour and welcome line on the sign-in page; new tests start from your default settings.",
      ],
      vi: [
        'Đánh dấu nhiều câu hỏi trong trình soạn thảo để đặt điểm, di chuyển, sao chép hoặc xóa cùng lúc; đặt điểm cho cả phần trong một bước.',
        'Thùng rác giữ 30 ngày: bài kiểm tra, thư mục và câu hỏi đã xóa có thể khôi phục về chỗ cũ, và có thể hoàn tác việc xóa ngay từ thông báo.',
        'Câu hỏi tự chọn theo phần: học sinh làm N câu bất kỳ trong M câu, N câu tốt nhất được tính.',
        'Trang làm bài trên điện thoại: đánh dấu để xem lại, chú giải trạng thái câu hỏi, thanh phần cuộn được, và câu trả lời được giữ trong trình duyệt cho đến khi có mạng lại.',
        'Bài kiểm tra miễn phí mới mở ngay; hộp thoại cảnh báo khi chưa ai mở được liên kết và cho biết khi nào đáp án hiện sau.',
        'Chia sẻ bài kiểm tra ngay từ trình soạn thảo; ngày và số được viết theo cách của ngôn ngữ bạn dùng.',
        'Logo, màu và lời chào của tổ chức trên trang đăng nhập; bài kiểm tra mới bắt đầu với cài đặt mặc định của bạn.',
      ],
      ko: [
        '편집기에서 여러 문항을 선택해 배점 설정, 이동, 복사, 삭제를 한 번에 할 수 있고, 섹션 전체 배점도 한 번에 정합니다.',
        '30일 동안 보관하는 휴지통: 삭제한 시험, 폴더, 문제를 원래 자리로 복원할 수 있고, 삭제 알림에서 바로 실행 취소할 수 있습니다.',
        '섹션별 선택 문항: 학생은 M문항 중 아무 N문항이나 풀고, 가장 좋은 N문항이 점수에 들어갑니다.',
        '휴대전화 응시 화면: 검토 표시, 문항 상태 범례, 스크롤되는 섹션 탭, 연결이 돌아올 때까지 브라우저에 보관되는 답안.',
        '새 무료 시험은 바로 열립니다. 아직 아무도 링크를 열 수 없으면 대화 상자가 알려 주고, 나중에 보여 주는 정답이 언제 보이는지 알려 줍니다.',
        '편집기에서 바로 시험을 공유하고, 날짜와 숫자는 사용하는 언어의 방식으로 표시됩니다.',
        '로그인 화면에 기관의 로고, 색상, 환영 문구가 표시되고, 새 시험은 내 기본 설정으로 시작합니다.',
      ],
    },
  },
  {
    date: '2026-11-25',
    notes: {
      en: [
        "Results and insights: live figures, a score histogram, the attempts table, each student's answer sheet, CSV and Excel exports.",
        'Question analysis: difficulty, discrimination and reliability, with flags for a possibly wrong key and a report to fix it.',
        'Questions in and out: import and export QTI 3, Moodle XML, GIFT, Aiken, CSV and Excel.',
        'Word upload reads the layouts teachers really use (answers by look, ticks, answer keys, MathType equations) and previews each question.',
        'Students prove who they are on a new device with a one-time code; a tutor can let a student in again.',
        'Integer questions take decimals; fill-in blanks take several accepted answers each.',
      ],
      vi: [
        'Kết quả và phân tích: số liệu trực tiếp, biểu đồ điểm, bảng lượt làm bài, phiếu trả lời của từng học sinh, xuất CSV và Excel.',
        'Phân tích câu hỏi: độ khó, độ phân biệt và độ tin cậy, kèm cảnh báo đáp án có thể sai và báo cáo để sửa.',
        'Nhập và xuất câu hỏi: QTI 3, Moodle XML, GIFT, Aiken, CSV và Excel.',
        'Tải lên Word đọc được cách trình bày giáo viên thực sự dùng (đáp án theo định dạng, dấu tích, bảng đáp án, công thức MathType) và xem trước từng câu.',
        'Học sinh xác minh danh tính trên thiết bị mới bằng mã dùng một lần; giáo viên có thể cho học sinh vào lại.',
        'Câu hỏi số nguyên nhận số thập phân; mỗi chỗ trống nhận nhiều đáp án được chấp nhận.',
      ],
      ko: [
        '결과와 분석: 실시간 수치, 점수 분포, 응시 목록, 학생별 답안지, CSV와 Excel 내보내기.',
        '문항 분석: 난이도, 변별도, 신뢰도와 함께 정답 오류 가능성 표시 및 수정용 보고.',
        '문항 가져오기와 내보내기: QTI 3, Moodle XML, GIFT, Aiken, CSV, Excel.',
        'Word 업로드가 교사들이 실제로 쓰는 형식(서식으로 표시한 정답, 체크 표시, 정답표, MathType 수식)을 읽고 문항마다 미리 보여 줍니다.',
        '학생은 새 기기에서 일회용 코드로 본인임을 확인하고, 교사는 학생을 다시 들여보낼 수 있습니다.',
        '정수형 문항에 소수를 쓸 수 있고, 빈칸마다 여러 정답을 둘 수 있습니다.',
      ],
    },
  },
  {
    date: '2026-11-23',
    notes: {
      en: [
        'Free tests by link: publish a test, and students take it at /t/… on any device.',
        "The Report Dashboard: students' reports on questions, fixed and published with no change, re-evaluation or grace marks.",
        'Editing a test students have attempted keeps the changes until you publish them.',
        'The Word add-in reads the open document and previews its questions.',
      ],
      vi: [
        'Bài kiểm tra miễn phí qua liên kết: xuất bản bài kiểm tra, học sinh làm bài tại /t/… trên mọi thiết bị.',
        'Bảng báo cáo: báo cáo của học sinh về câu hỏi, sửa và xuất bản không đổi điểm, chấm lại hoặc cộng điểm.',
        'Sửa bài kiểm tra đã có học sinh làm: thay đổi được giữ cho đến khi bạn xuất bản.',
        'Phần bổ trợ Word đọc tài liệu đang mở và xem trước các câu hỏi.',
      ],
      ko: [
        '링크로 여는 무료 시험: 시험을 게시하면 학생은 어느 기기에서든 /t/…에서 응시합니다.',
        '보고 대시보드: 학생이 보고한 문항을 고치고 변경 없음, 재채점, 가산점으로 게시합니다.',
        '학생이 응시한 시험을 편집하면 게시할 때까지 변경 내용이 보관됩니다.',
        'Word 추가 기능이 열린 문서를 읽고 문항을 미리 보여 줍니다.',
      ],
    },
  },
  {
    date: '2026-11-22',
    notes: {
      en: [
        'My Library and the Global Library: folders, tests, search, tags, move, copy, delete and share with colleagues.',
        'The test editor: sections and all five question types with maths, pictures and tables; settings, instructions and fonts.',
        'Print a test or export it as PDF, with or without the answer key.',
        'Multilingual tests: each question in several languages.',
      ],
      vi: [
        'Thư viện của tôi và Thư viện chung: thư mục, bài kiểm tra, tìm kiếm, thẻ, di chuyển, sao chép, xóa và chia sẻ với đồng nghiệp.',
        'Trình soạn thảo bài kiểm tra: các phần và cả năm loại câu hỏi với công thức, hình ảnh và bảng; cài đặt, hướng dẫn và phông chữ.',
        'In bài kiểm tra hoặc xuất PDF, có hoặc không có đáp án.',
        'Bài kiểm tra đa ngôn ngữ: mỗi câu hỏi bằng nhiều ngôn ngữ.',
      ],
      ko: [
        '내 라이브러리와 공용 라이브러리: 폴더, 시험, 검색, 태그, 이동, 복사, 삭제, 동료와 공유.',
        '시험 편집기: 섹션과 다섯 가지 문항 유형 모두, 수식, 그림, 표; 설정, 안내문, 글꼴.',
        '시험을 인쇄하거나 PDF로 내보내기(정답 포함 또는 제외).',
        '다국어 시험: 문항마다 여러 언어.',
      ],
    },
  },
];

/** The notes in a UI language (English for any other). */
export function releaseNotesIn(language: string): { date: string; notes: string[] }[] {
  const lang: NoteLanguage = language.startsWith('vi') ? 'vi' : language.startsWith('ko') ? 'ko' : 'en';
  return RELEASE_NOTES.map((release) => ({ date: release.date, notes: release.notes[lang] }));
}
