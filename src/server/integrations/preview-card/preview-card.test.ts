import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { SCRIPT_SAMPLES } from "../fonts/samples";
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, previewCardSvg, renderPreviewCard } from "./preview-card";

const card = { doctorName: "Dr. Ananya Rao", subtitle: "Paediatric Cardiologist" };

describe("the link-preview card", () => {
  it.each(SCRIPT_SAMPLES)("has a font for every character of a title in $script", async ({ text }) => {
    const { unprintable } = await previewCardSvg({ ...card, title: `${text}: ₹2,000 (Hole in the heart)` });
    expect(unprintable).toEqual([]);
  });

  it("has a font for a doctor's name and specialty in another script than the title's", async () => {
    const { unprintable } = await previewCardSvg({
      title: "बच्चों में दिल में छेद",
      doctorName: "ಡಾ. ಅನನ್ಯಾ ರಾವ್",
      subtitle: "குழந்தை இதய நிபுணர்",
    });
    expect(unprintable).toEqual([]);
  });

  it("knows when it has no font for some text", async () => {
    // No Noto face here covers Han characters: the card would print them as boxes, and says so.
    const { unprintable } = await previewCardSvg({ ...card, title: "心臓 heart" });
    expect(unprintable.join("")).toContain("心臓");
  });

  it("is a 1200×630 PNG", async () => {
    const png = await renderPreviewCard({ ...card, title: "बच्चों में दिल में छेद: माता-पिता क्या जानें" });
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([PREVIEW_WIDTH, PREVIEW_HEIGHT]);
  });

  it("shows the doctor's photo at the foot on the right when one is given", async () => {
    // A photo of one bright green, which the card's blue gradient never has.
    const photo = await sharp({ create: { width: 960, height: 720, channels: 3, background: "#00ff00" } })
      .jpeg()
      .toBuffer();
    const png = await renderPreviewCard({ ...card, title: "Hole in the heart", photoVersion: "abc" }, photo);
    const pixel = async (left: number, top: number) => {
      const { data } = await sharp(png)
        .extract({ left, top, width: 1, height: 1 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      return [...data.subarray(0, 3)];
    };
    const [red, green, blue] = await pixel(PREVIEW_WIDTH - 80 - 140, PREVIEW_HEIGHT - 72 - 105);
    expect(green).toBeGreaterThan(200);
    expect(red).toBeLessThan(60);
    expect(blue).toBeLessThan(60);
    // Without it, the same place is the card's own colour.
    const plain = await renderPreviewCard({ ...card, title: "Hole in the heart" });
    const { data } = await sharp(plain)
      .extract({ left: PREVIEW_WIDTH - 80 - 140, top: PREVIEW_HEIGHT - 72 - 105, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[1]).toBeLessThan(200);
  });
});
