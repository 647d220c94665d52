import svgCaptcha from 'svg-captcha';

export interface ImageCode {
  /** `data:image/svg+xml;base64,...` */
  dataUrl: string;
  /** Lower-cased answer. */
  answer: string;
}

/** Characters per code: it is the whole challenge once an account is under guessing from many addresses. */
export const IMAGE_CODE_LENGTH = 6;

/** An image code without look-alike characters, crossed by noise lines. */
export function createImageCode(): ImageCode {
  const captcha = svgCaptcha.create({ size: IMAGE_CODE_LENGTH, noise: 5, ignoreChars: '0oO1ilI', width: 150, height: 44, color: true, background: '#f3f6fb' });
  return {
    dataUrl: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`,
    answer: captcha.text.toLowerCase(),
  };
}

export function imageCodeMatches(answer: string | null, given: string | undefined): boolean {
  return answer !== null && given !== undefined && given.trim().toLowerCase() === answer;
}
