/** A seeded faker (zh_CN) plus the few random helpers the generators use, so every run gives the same data. */
import { Faker, base, en, zh_CN } from '@faker-js/faker';

export const DEMO_SEED = 20_260_101;

const MOBILE_PREFIXES = [
  '130',
  '131',
  '132',
  '133',
  '134',
  '135',
  '136',
  '137',
  '138',
  '139',
  '147',
  '150',
  '151',
  '152',
  '153',
  '155',
  '156',
  '157',
  '158',
  '159',
  '177',
  '178',
  '180',
  '181',
  '182',
  '183',
  '185',
  '186',
  '187',
  '188',
  '189',
  '199',
] as const;

export class Rng {
  readonly faker: Faker;
  private readonly usedPhones = new Set<string>();

  constructor(seed = DEMO_SEED) {
    this.faker = new Faker({ locale: [zh_CN, en, base] });
    this.faker.seed(seed);
  }

  /** Integer in [min, max]. */
  int(min: number, max: number): number {
    return this.faker.number.int({ min, max });
  }

  chance(p: number): boolean {
    return this.faker.number.float({ min: 0, max: 1 }) < p;
  }

  pick<T>(items: readonly T[]): T {
    return this.faker.helpers.arrayElement(items as T[]);
  }

  /** Picks by weight: [[value, weight], ...]. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T {
    return this.faker.helpers.weightedArrayElement(items.map(([value, weight]) => ({ value, weight })));
  }

  shuffle<T>(items: readonly T[]): T[] {
    return this.faker.helpers.shuffle([...items]);
  }

  /** A Chinese full name such as 王建国 (surname + given name, no space). */
  name(sex: 'male' | 'female'): string {
    return `${this.faker.person.lastName()}${this.faker.person.firstName(sex)}`.replace(/\s+/g, '');
  }

  /** Reserves a phone number so that generated ones never collide with it. */
  reservePhone(phone: string): void {
    this.usedPhones.add(phone);
  }

  /** A unique mainland mobile number (11 digits). */
  mobile(): string {
    for (;;) {
      const phone = `${this.pick(MOBILE_PREFIXES)}${this.faker.string.numeric(8)}`;
      if (!this.usedPhones.has(phone) && !phone.startsWith('1380000')) {
        this.usedPhones.add(phone);
        return phone;
      }
    }
  }

  /** URL-safe random string. */
  urlSafe(length: number): string {
    return this.faker.string.fromCharacters('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_', length);
  }
}
