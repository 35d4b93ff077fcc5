import Foundation
import LandfallAttribution

/// The page a phone sees when the link can open an app.
///
/// It reports the screen (in device pixels), time zone and language for the click, tries to open
/// the app, and goes to the store only if the page is still visible afterwards: a page that was
/// hidden means the app opened. Without JavaScript the buttons still work.
enum InterstitialPage {
    struct Config: Encodable {
        var open: String?
        var fallback: String
        var web: String
        var token: String?
        var beacon: String
        var confirmIPad: Bool
    }

    static let beaconPath = "/api/v1/beacon"

    static func render(_ model: InterstitialModel, nonce: String) -> String {
        let config = Config(
            open: model.openURL, fallback: model.fallbackURL, web: model.webURL, token: model.clickToken,
            beacon: beaconPath, confirmIPad: model.confirmIPad
        )
        let primary = model.appLinkURL ?? model.openURL
        var buttons = ""
        if let primary {
            buttons += #"<a class="button" id="lf-open" href="\#(HTML.escape(primary))">Open in the app</a>"#
        }
        if let store = model.storeURL {
            let label = model.platform == .android ? "Get it on Google Play" : "Download on the App Store"
            buttons += #"<a class="button secondary" href="\#(HTML.escape(store))">\#(label)</a>"#
        }
        buttons += #"<a class="button secondary" href="\#(HTML.escape(model.webURL))">Continue to the website</a>"#
        let image = model.imageURL.map { #"<img alt="" src="\#(HTML.escape($0))">"# } ?? ""
        let description = model.description.map { "<p>\(HTML.escape($0))</p>" } ?? ""
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width,initial-scale=1">
            <meta name="robots" content="noindex">
            <title>\(HTML.escape(model.title))</title>
            <style nonce="\(nonce)">\(HTML.style)</style>
            </head><body><main>
            \(image)<h1>\(HTML.escape(model.title))</h1>\(description)
            \(buttons)
            </main>
            <script type="application/json" id="lf-config">\(HTML.scriptJSON(config))</script>
            <script nonce="\(nonce)">\(script)</script>
            </body></html>
            """
    }

    /// Kept as plain ES5 so older in-app browsers run it.
    static let script = """
        (function(){
        var c=JSON.parse(document.getElementById('lf-config').textContent);
        var touch=navigator.maxTouchPoints||0;
        function report(pv,model){try{
        var r=window.devicePixelRatio||1;
        var tz='';try{tz=Intl.DateTimeFormat().resolvedOptions().timeZone||'';}catch(e){}
        var body=JSON.stringify({t:c.token,sw:Math.round(screen.width*r),sh:Math.round(screen.height*r),tz:tz,lang:navigator.language||'',touch:touch,pv:pv,model:model});
        if(navigator.sendBeacon){navigator.sendBeacon(c.beacon,body);}
        else{var x=new XMLHttpRequest();x.open('POST',c.beacon,true);x.setRequestHeader('Content-Type','text/plain');x.send(body);}
        }catch(e){}}
        if(c.token){
        var ua=navigator.userAgentData;
        if(ua&&ua.getHighEntropyValues){ua.getHighEntropyValues(['platformVersion','model']).then(function(v){report(v.platformVersion||null,v.model||null);},function(){report(null,null);});}
        else{report(null,null);}}
        if(c.confirmIPad&&touch<2){window.location.replace(c.web);return;}
        if(!c.open){return;}
        var left=false;
        function away(){if(document.hidden){left=true;}}
        document.addEventListener('visibilitychange',away);
        window.addEventListener('pagehide',function(){left=true;});
        window.location.href=c.open;
        setTimeout(function(){if(!left&&!document.hidden){window.location.replace(c.fallback);}},1600);
        })();
        """
}
