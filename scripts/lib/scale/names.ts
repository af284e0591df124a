/**
 * Realistic Chinese names at scale: surnames weighted as they occur in China (王 李 张 刘 陈 … then
 * faker zh_CN's long tail), given names from faker zh_CN's lists or two common characters.
 */
import { zh_CN } from '@faker-js/faker';
import { Random, Weighted } from './random.js';

/** The most frequent surnames with their approximate share (per mille). */
const TOP_SURNAMES: ReadonlyArray<readonly [string, number]> = [
  ['王', 72],
  ['李', 72],
  ['张', 68],
  ['刘', 54],
  ['陈', 46],
  ['杨', 31],
  ['黄', 23],
  ['赵', 22],
  ['吴', 21],
  ['周', 20],
  ['徐', 16],
  ['孙', 15],
  ['马', 15],
  ['朱', 14],
  ['胡', 13],
  ['郭', 12],
  ['何', 12],
  ['林', 12],
  ['罗', 11],
  ['高', 11],
  ['梁', 10],
  ['郑', 10],
  ['谢', 8],
  ['宋', 8],
  ['唐', 8],
  ['许', 7],
  ['韩', 7],
  ['冯', 7],
  ['邓', 7],
  ['曹', 6],
  ['彭', 6],
  ['曾', 6],
  ['肖', 6],
  ['田', 5],
  ['董', 5],
  ['袁', 5],
  ['潘', 5],
  ['蔡', 4],
  ['蒋', 4],
  ['余', 4],
  ['叶', 4],
  ['杜', 4],
  ['苏', 4],
  ['魏', 4],
  ['程', 4],
  ['吕', 4],
  ['丁', 3],
  ['沈', 3],
  ['任', 3],
  ['姚', 3],
  ['卢', 3],
  ['钟', 3],
  ['姜', 3],
  ['崔', 3],
  ['谭', 3],
  ['陆', 3],
  ['范', 3],
  ['汪', 3],
  ['廖', 3],
  ['石', 3],
];

const GIVEN_CHARS_MALE =
  '伟强军勇杰涛明超辉刚健峰磊斌鹏华平亮俊飞文龙波宇浩洋志国建东林海军雄庆荣新春成德胜祥兴宏家振晓'.split('');
const GIVEN_CHARS_FEMALE = '芳娜敏静丽艳娟霞秀燕玲桂英红梅琳雪慧莉婷倩颖佳洁玉萍兰凤琴云莹蓉婉欣怡晓丹彤璐薇'.split('');

type Generic = { generic?: string[]; male?: string[]; female?: string[] };

export class NameMaker {
  private readonly surnames: Weighted<string>;
  private readonly male: string[];
  private readonly female: string[];

  constructor() {
    const last = (zh_CN.person?.last_name as Generic | undefined)?.generic ?? [];
    const top = new Set(TOP_SURNAMES.map(([s]) => s));
    // The long tail shares what the top surnames leave (about a quarter of the population).
    const tail = last.filter((s) => !top.has(s)).map((s) => [s, 2] as const);
    this.surnames = new Weighted([...TOP_SURNAMES, ...tail]);
    const first = (zh_CN.person?.first_name ?? {}) as Generic;
    this.male = [...(first.male ?? []), ...(first.generic ?? []).slice(0, 40)];
    this.female = [...(first.female ?? [])];
  }

  /** A full name such as 王建国; `male` decides the given name's style. */
  name(rng: Random, male: boolean): string {
    const surname = this.surnames.pick(rng);
    const pool = male ? GIVEN_CHARS_MALE : GIVEN_CHARS_FEMALE;
    const r = rng.next();
    let given: string;
    if (r < 0.45) given = rng.pick(male ? this.male : this.female);
    else if (r < 0.85) given = rng.pick(pool) + rng.pick(pool);
    else given = rng.pick(pool);
    return surname + given;
  }
}
