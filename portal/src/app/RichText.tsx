/** Rich text with its maths rendered lives in shared/ui, so the add-in's Word preview shows maths the same way (issue 29). */
export { RichText, TextWithMath } from '@shared/ui/RichText';
