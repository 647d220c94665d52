import svgCaptcha from 'svg-captcha';

export interface ImageCode {
  /** `data:image/svg+xml;base64,...` */
  dataUrl: string;
  /** Lower-cased answer. */
  answer: string;
}

/** An image code without look-alike characters. */
export function createImageCode(): ImageCode {
  const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', width: 120, height: 40, color: true, background: '#f3f6fb' });
  return {
    dataUrl: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`,
    answer: captcha.text.toLowerCase(),
  };
}

export function imageCodeMatches(answer: string | null, given: string | undefined): boolean {
  return answer !== null && given !== undefined && given.trim().toLowerCase() === answer;
}
