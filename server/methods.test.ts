import { describe, expect, it } from "vitest";
import { allowedMethods } from "#server/methods.ts";

const formPages = new Set(["/contact", "/en/contact"]);

describe("allowedMethods", () => {
  it.each([
    ["/", ["GET", "HEAD"]],
    ["/about", ["GET", "HEAD"]],
    ["/contact", ["GET", "HEAD", "POST"]],
    ["/en/contact", ["GET", "HEAD", "POST"]],
    ["/contact/sent", ["GET", "HEAD"]],
    ["/contact.data", ["GET", "HEAD", "POST"]],
    ["/_root.data", ["GET", "HEAD"]],
    ["/api/contact", ["POST"]],
    ["/admin/api/v1", ["POST"]],
    ["/admin", ["GET", "HEAD"]],
    ["/robots.txt", ["GET", "HEAD"]],
    ["/no-such-page", ["GET", "HEAD"]],
    ["*", ["GET", "HEAD"]],
  ])("%s answers %j", (path, methods) => {
    expect(allowedMethods(path, formPages)).toEqual(methods);
  });
});
