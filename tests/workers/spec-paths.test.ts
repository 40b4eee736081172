import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createGroup, createLiveEvent, createPost } from "../factories";
import { at, confirmedAccount } from "./accounts-fixture";
import { TestBrowser } from "./browser";
import { hosts } from "./helpers";
import { insertFanclub } from "./fanclub-fixture";

/** The paths spec §2 names that used to answer 404 (issue 23): each leads to its page now. */

async function redirected(b: TestBrowser, host: string, path: string) {
  const res = await b.get(at(host, path));
  return { status: res.status, location: res.headers.get("location") };
}

describe("spec paths that live elsewhere", () => {
  it("redirects the creator's and the fan's paths to the pages that serve them, keeping the query", async () => {
    const owner = await confirmedAccount({ prefix: "sp1" });
    await insertFanclub(owner.id);
    expect(await redirected(owner.b, hosts.www, "/me/fanclub/low/edit")).toEqual({ status: 302, location: "/me/fanclub/edit#law" });
    expect(await redirected(owner.b, hosts.www, "/me/fanclub/posts/picture")).toEqual({
      status: 302,
      location: "/me/fanclub/posts/new/picture",
    });
    expect(await redirected(owner.b, hosts.www, "/me/fanclub/posts/streaming")).toEqual({
      status: 302,
      location: "/me/fanclub/posts/new/streaming",
    });
    expect(await redirected(owner.b, hosts.www, "/me/fanclub/posts/complete")).toEqual({ status: 302, location: "/me/fanclub/posts" });
    for (const path of ["/me/settings/payment", "/me/settings/payment/new", "/me/settings/payment/edit"]) {
      expect(await redirected(owner.b, hosts.user, path)).toEqual({ status: 302, location: "/me/card_registration" });
    }
    const reset = await redirected(new TestBrowser(), hosts.user, "/account/confirmation_password?token=abc");
    expect(reset).toEqual({ status: 302, location: "/account/password_reset?token=abc" });
    // the redirect's target is a page that answers
    const law = await owner.b.follow(await owner.b.get(at(hosts.www, "/me/fanclub/low/edit")), at(hosts.www, "/me/fanclub/low/edit"));
    expect(law.res.status).toBe(200);
    expect(await law.res.text()).toContain('id="law"');
  });

  it("still asks visitors to sign in on the creator's paths", async () => {
    const res = await new TestBrowser().get(at(hosts.www, "/me/fanclub/low/edit"));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toContain("/auth/login");
  });

  it("serves a group announcement at /groups/{id}/notifies/{postId} and its tips path; 404 for posts of no group", async () => {
    const owner = await confirmedAccount({ prefix: "sp2" });
    const fanclubId = await insertFanclub(owner.id);
    const group = await createGroup(env.DB, { ownerFanclubId: fanclubId });
    const notice = await createPost(env.DB, { fanclubId, authorId: owner.id, groupId: group.id, isPublish: true, publishedAt: new Date() });
    const plain = await createPost(env.DB, { fanclubId, authorId: owner.id, isPublish: true, publishedAt: new Date() });
    const b = new TestBrowser();
    expect(await redirected(b, hosts.www, `/groups/${group.id}/notifies/${notice.id}`)).toEqual({
      status: 302,
      location: `/fanclubs/${fanclubId}/posts/${notice.id}`,
    });
    expect((await redirected(b, hosts.www, `/groups/${group.id}/notifies/${notice.id}/post_tippings`)).location).toBe(
      `/fanclubs/${fanclubId}/posts/${notice.id}`,
    );
    expect((await b.get(at(hosts.www, `/groups/${group.id}/notifies/${plain.id}`))).status).toBe(404);
    expect((await b.get(at(hosts.www, `/groups/${group.id}/notifies/abc`))).status).toBe(404);
  });

  it("finds live events by the fan club's unique path under /@_", async () => {
    const owner = await confirmedAccount({ prefix: "sp3" });
    const path = `live${Date.now().toString(36)}`;
    const fanclubId = await insertFanclub(owner.id, { uniquePath: path });
    const live = await createLiveEvent(env.DB, { fanclubId, ownerId: owner.id });
    const b = new TestBrowser();
    expect(await redirected(b, hosts.www, `/@_/${path}`)).toEqual({ status: 302, location: `/fanclubs/${fanclubId}/lives` });
    expect(await redirected(b, hosts.www, `/@_/${path}/${live.id}`)).toEqual({
      status: 302,
      location: `/fanclubs/${fanclubId}/lives/${live.id}`,
    });
    expect(await redirected(b, hosts.www, "/@_")).toEqual({ status: 302, location: "/fanclubs" });
    expect((await b.get(at(hosts.www, "/@_/no-such-path-here"))).status).toBe(404);
    expect((await b.get(at(hosts.www, "/@_/x"))).status).toBe(404);
  });
});
