import { TRUTH_WORDS } from '../engines/answers';

/**
 * Words an anonymised paper keeps as they are: the words the parser reads structure from
 * (shared/parser/engines/patterns.ts, layouts.ts, draft.ts, textEngine.ts) and the ones teachers
 * write around questions. A fixture whose "Answer:", "Câu 3.", "정답 ③" or "Read the following
 * passage" were turned into pseudo-words would no longer test the parser on the paper's real
 * structure. Matched case-insensitively against a whole word (a maximal run of letters and marks),
 * so phrases are listed word by word ("đáp án" is "đáp" and "án"). Keeping a few English function
 * words ("the", "of", "to") costs little privacy: they say nothing about who wrote the paper.
 */
export const STRUCTURAL_WORDS: readonly string[] = [
  // English: question words, fields, answer keys, instructions, types, difficulty, tags.
  ...['question', 'questions', 'q', 'ques', 'qn', 'qs', 'no', 'nos', 'answer', 'answers', 'ans', 'key', 'sheet', 'solution', 'solutions', 'sol', 'variant'],
  ...['explanation', 'expl', 'exp', 'hint', 'marks', 'mark', 'points', 'point', 'pts', 'score', 'part', 'section', 'chapter', 'unit', 'module'],
  ...['passage', 'comprehension', 'paragraph', 'text', 'poem', 'story', 'extract', 'article', 'conversation', 'dialogue', 'end'],
  ...['correct', 'right', 'option', 'options', 'choice', 'choices', 'alternatives', 'true', 'false', 'tf', 'yes'],
  ...['choose', 'select', 'pick', 'circle', 'tick', 'read', 'study', 'look', 'use', 'directions', 'direction', 'instructions', 'instruction'],
  ...['the', 'of', 'to', 'and', 'or', 'at', 'from', 'through', 'is', 'all', 'each', 'following', 'given', 'that', 'apply', 'which'],
  ...['two', 'three', 'more', 'than', 'one', 'sentences', 'items', 'statements', 'blank', 'blanks', 'gap', 'gaps', 'fill', 'in', 'up', 'ups'],
  ...['type', 'mcq', 'multiple', 'single', 'objective', 'integer', 'numerical', 'number', 'difficulty', 'level', 'tag', 'tags', 'topic', 'topics'],
  ...['easy', 'medium', 'moderate', 'average', 'hard', 'difficult', 'low', 'high', 'statement', 'stem', 'alternative', 'hints', 'explanations', 'stt', 'sl'],
  // Vietnamese.
  ...['câu', 'hỏi', 'đáp', 'án', 'đúng', 'sai', 'phần', 'bài', 'chọn', 'lời', 'giải', 'hướng', 'dẫn', 'thích', 'điểm', 'bảng', 'phương'],
  // "Question Context: 2 to 12", "Questions 32-36 are based on the above table" (engines/layouts.ts).
  ...['context', 'based', 'above'],
  // "PHẦN III. Câu trắc nghiệm trả lời ngắn", "Tự luận ngắn", "Đề bài dành cho câu 43, câu 44" (engines/layouts.ts, draft.ts).
  ...['ngắn', 'tự', 'luận', 'đề', 'dữ', 'kiện', 'dành', 'dùng', 'cho'],
  ...['trả', 'lựa', 'các', 'đoạn', 'văn', 'bản', 'đọc', 'hiểu', 'kĩ', 'kỹ', 'thông', 'tin', 'trích', 'sau', 'dưới', 'đây', 'từ', 'đến', 'dựa'],
  ...['vào', 'cho', 'hết', 'loại', 'độ', 'khó', 'dễ', 'trung', 'bình', 'nhận', 'biết', 'vận', 'dụng', 'cao', 'thẻ', 'chủ', 'đề', 'là', 'số'],
  ...['nguyên', 'trắc', 'nghiệm', 'điền', 'khuyết', 'chỗ', 'trống', 'nhiều', 'hai', 'ba', 'nb', 'th', 'vd', 'vdc', 'nội', 'dung', 'mệnh'],
  ...['phát', 'biểu', 'lệnh', 'chấm', 'chi', 'tiết', 'và'],
  // Korean.
  ...['정답', '보기', '해설', '문제', '번호', '풀이', '답', '점', '번', '다음', '참', '거짓', '문항', '배점', '유형', '난이도', '태그', '섹션', '영역'],
  ...['지문', '끝', '정답지', '정답표', '선택지', '답지', '글을', '읽고', '물음', '물음에', '답하시오', '파트', '객관식', '선택형', '빈칸', '채우기'],
  ...['단답형', '정수', '정수형', '상', '중', '하', '쉬움', '보통', '어려움', '모두', '고르', '두', '세', '개', '제', '부', '질문', '진술', '대화', '글'],
  ...['그리고', '부터', '및', '과'],
  // Option headings in other languages (textEngine.ts OPTIONS_WORD).
  ...['选项', '選択肢', 'варианты', 'ответов', 'opciones', 'opções', 'pilihan', 'jawaban'],
  // Answer and explanation words of other languages (patterns.ts FIELD_WORDS).
  ...['参考答案', '正确答案', '答案', '正解', '解析', '解答', '解説', '正确', '错误', '对', '错', 'respuesta', 'correcta', 'réponse', 'correcte'],
  ...['resposta', 'correta', 'kunci', 'ответ', 'правильный', 'cevap', 'doğru', 'antwort', 'lösung', 'explicación', 'explication', 'explicação'],
  // Answer keys' headings of more languages (patterns.ts ANSWER_KEY): Ukrainian, Italian, Portuguese, Polish, Dutch, Uzbek, Kazakh.
  ...['ответы', 'відповіді', 'відповідь', 'правильна', 'risposte', 'respostas', 'gabarito', 'odpowiedzi', 'antwoorden', 'javoblar', 'жауаптар'],
  // Hungarian, Czech, Polish and Romanian answer words (patterns.ts FIELD_WORDS).
  ...['válasz', 'helyes', 'odpověď', 'odpowiedź', 'răspuns'],
  // Uzbek: "To'g'ri javob: A" (the apostrophes cut "To'g'ri" into "To", "g", "ri"), "Javob".
  ...['javob', 'to', 'ri', 'verdadeiro'],
  ...['pembahasan', 'объяснение', 'açıklama', 'erklärung'],
  // True, false, yes and no in every language the parser reads them (engines/answers.ts).
  ...TRUTH_WORDS,
  // A learning platform's quiz review (engines/reviewPrintout.ts): "Flag question", "Mark 1.00 out of 1.00", "Your answer is incorrect.", "Feedback".
  ...['feedback', 'your', 'are', 'flag', 'incorrect', 'partially', 'marked', 'out', 'general', 'remove', 'graded', 'answered', 'saved', 'complete'],
  // Hindi and Gujarati (patterns.ts reads these papers too).
  ...['उत्तर', 'जवाब', 'हल', 'व्याख्या', 'अंक', 'खंड', 'गद्यांश', 'कुंजी', 'उत्तरमाला', 'प्रश्न'],
  ...['જવાબ', 'ઉત્તર', 'ઉકેલ', 'સમજૂતી', 'ગુણ', 'વિભાગ', 'ગદ્યાંશ', 'કી', 'ઉત્તરવહી', 'પ્રશ્ન'],
];

const WORDS = new Set(STRUCTURAL_WORDS.map((word) => word.toLowerCase()));

/** Roman numerals i to xx: statement labels (I. II. III.), option labels (i) (ii), "PHẦN II". */
const ROMAN = /^(?:x{0,2})(?:i{1,3}|iv|v|vi{1,3}|ix|x)?$/i;

/** Words made only of Hangul jamo (ㄱ ㄴ ㄷ ㄹ, "ㄱㄴ"): the labels of statements in Korean papers. */
const JAMO = /^[\u1100-\u11ff\u3131-\u318e]+$/u;

/** A key written as one word: "ABDC", "ĐSĐS", "DSSD" (D for Đúng), "TFFT" (upper case only, so "bad" or "face" are not kept). */
const KEY_WORD = /^(?:[A-H]+|[ĐSTF]+|[DS]+)$/u;

/** One letter with its marks: option labels (a, B, क, ㄱ, а), "i", a single syllable. */
const SINGLE_LETTER = /^\p{L}\p{M}*$/u;

/** Whether a word (a maximal run of letters and marks) stays as it is. */
export function isStructural(word: string): boolean {
  if (SINGLE_LETTER.test(word) || JAMO.test(word) || KEY_WORD.test(word)) return true;
  if (word.length > 0 && ROMAN.test(word)) return true;
  return WORDS.has(word.toLowerCase()) || WORDS.has(word.normalize('NFC').toLowerCase());
}
