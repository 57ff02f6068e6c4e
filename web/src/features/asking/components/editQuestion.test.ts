import { describe, expect, it } from 'vitest';
import { questionWith, questionWithout } from './editQuestion';

const bytes = (text: string) => new TextEncoder().encode(text).length;
/** The byte span of `part` in `question`, as the server gives it. */
const span = (question: string, part: string) => {
  const at = question.indexOf(part);
  return { start: bytes(question.slice(0, at)), end: bytes(question.slice(0, at)) + bytes(part) };
};

describe('questionWithout', () => {
  it('cuts the words out with the connector they leave dangling', () => {
    const q = 'Total sales by billing country in 2024';
    expect(questionWithout(q, span(q, '2024'))).toBe('Total sales by billing country');
    expect(questionWithout(q, span(q, 'billing country'))).toBe('Total sales in 2024');
  });

  it('keeps the sentence mark and single spaces', () => {
    const q = 'How many invoices in Brazil by year?';
    expect(questionWithout(q, span(q, 'year'))).toBe('How many invoices in Brazil?');
    expect(questionWithout(q, span(q, 'Brazil'))).toBe('How many invoices by year?');
  });

  it('drops a two-word connector', () => {
    const q = 'Average unit price for each genre';
    expect(questionWithout(q, span(q, 'genre'))).toBe('Average unit price');
  });

  it('counts offsets in UTF-8 bytes', () => {
    const q = 'Revenue in São Paulo by genre';
    expect(questionWithout(q, span(q, 'genre'))).toBe('Revenue in São Paulo');
    expect(questionWithout(q, span(q, 'São Paulo'))).toBe('Revenue by genre');
  });

  it('refuses a span that is not in the question, or that would leave nothing', () => {
    expect(questionWithout('Revenue', { start: 3, end: 40 })).toBeNull();
    expect(questionWithout('Revenue', { start: 0, end: 0 })).toBeNull();
    expect(questionWithout('Revenue?', { start: 0, end: 7 })).toBeNull();
  });
});

describe('questionWith', () => {
  it('replaces the words with the new ones', () => {
    const q = 'Total sales by billing country in 2024';
    expect(questionWith(q, span(q, '2024'), '2023')).toBe('Total sales by billing country in 2023');
    expect(questionWith(q, span(q, 'billing country'), ' genre ')).toBe('Total sales by genre in 2024');
  });

  it('counts offsets in UTF-8 bytes', () => {
    const q = 'Customers in São Paulo in 2021';
    expect(questionWith(q, span(q, '2021'), '2022')).toBe('Customers in São Paulo in 2022');
  });

  it('refuses empty text', () => {
    expect(questionWith('Revenue in 2024', { start: 11, end: 15 }, '  ')).toBeNull();
  });
});
