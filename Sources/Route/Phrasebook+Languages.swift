// The built-in phrase tables. English keeps the sentences of GeoKernel 0.2–0.4.

extension Phrasebook {
    static let english = Phrasebook(
        compass: ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"],
        turn: ["Continue straight", "Bear left", "Bear right", "Turn left", "Turn right", "Turn sharp left",
               "Turn sharp right", "Make a U-turn"],
        turnOnto: ["Continue straight onto {road}", "Bear left onto {road}", "Bear right onto {road}", "Turn left onto {road}",
                   "Turn right onto {road}", "Turn sharp left onto {road}", "Turn sharp right onto {road}",
                   "Make a U-turn onto {road}"],
        towards: " towards {dest}", heading: " and head {dir}", stayOn: " to stay on {road}",
        continueOn: "Continue straight on {road}", continueOnto: "Continue onto {road}", continueHeading: "Continue {dir}",
        keep: ["Keep left", "Keep right"], onto: " onto {road}",
        head: "Head {dir}", headOn: "Head {dir} on {road}",
        roundabout: "At the roundabout, take the {exit} exit", takeExit: "Take exit {exit}",
        arrive: ["Your destination is ahead", "Your destination is on the left", "Your destination is on the right",
                 "You are at your destination"],
        headFor: "Head {dir} for {dist}", headingFor: " and head {dir} for {dist}",
        modeTitle: ["Driving directions from {a} to {b}", "Cycling directions from {a} to {b}",
                    "Walking directions from {a} to {b}"],
        title: "Directions from {a} to {b}", estimated: "Estimated time: {time}",
        ordinal: { n in
            switch (n % 10, n % 100) {
            case (_, 11...13): "\(n)th"
            case (1, _): "\(n)st"
            case (2, _): "\(n)nd"
            case (3, _): "\(n)rd"
            default: "\(n)th"
            }
        },
        decimalComma: false)

    static let german = Phrasebook(
        compass: ["Norden", "Nordosten", "Osten", "Südosten", "Süden", "Südwesten", "Westen", "Nordwesten"],
        turn: ["Fahren Sie geradeaus", "Halten Sie sich leicht links", "Halten Sie sich leicht rechts", "Biegen Sie links ab",
               "Biegen Sie rechts ab", "Biegen Sie scharf links ab", "Biegen Sie scharf rechts ab", "Wenden Sie"],
        turnOnto: ["Fahren Sie geradeaus auf {road}", "Fahren Sie leicht links auf {road}", "Fahren Sie leicht rechts auf {road}",
                   "Biegen Sie links auf {road} ab", "Biegen Sie rechts auf {road} ab", "Biegen Sie scharf links auf {road} ab",
                   "Biegen Sie scharf rechts auf {road} ab", "Wenden Sie auf {road}"],
        towards: " Richtung {dest}", heading: " und fahren Sie Richtung {dir}", stayOn: ", um auf {road} zu bleiben",
        continueOn: "Fahren Sie geradeaus weiter auf {road}", continueOnto: "Fahren Sie weiter auf {road}",
        continueHeading: "Fahren Sie weiter Richtung {dir}",
        keep: ["Halten Sie sich links", "Halten Sie sich rechts"], onto: " auf {road}",
        head: "Fahren Sie Richtung {dir}", headOn: "Fahren Sie auf {road} Richtung {dir}",
        roundabout: "Nehmen Sie im Kreisverkehr die {exit} Ausfahrt", takeExit: "Nehmen Sie die Ausfahrt {exit}",
        arrive: ["Ihr Ziel liegt vor Ihnen", "Ihr Ziel liegt links", "Ihr Ziel liegt rechts", "Sie sind an Ihrem Ziel"],
        headFor: "Fahren Sie {dist} Richtung {dir}", headingFor: " und fahren Sie {dist} Richtung {dir}",
        modeTitle: ["Wegbeschreibung mit dem Auto von {a} nach {b}", "Wegbeschreibung mit dem Fahrrad von {a} nach {b}",
                    "Wegbeschreibung zu Fuß von {a} nach {b}"],
        title: "Wegbeschreibung von {a} nach {b}", estimated: "Geschätzte Zeit: {time}",
        ordinal: { n in "\(n)." },
        decimalComma: true)

    static let french = Phrasebook(
        compass: ["le nord", "le nord-est", "l'est", "le sud-est", "le sud", "le sud-ouest", "l'ouest", "le nord-ouest"],
        turn: ["Continuez tout droit", "Serrez à gauche", "Serrez à droite", "Tournez à gauche", "Tournez à droite",
               "Tournez franchement à gauche", "Tournez franchement à droite", "Faites demi-tour"],
        turnOnto: ["Continuez tout droit sur {road}", "Serrez à gauche sur {road}", "Serrez à droite sur {road}",
                   "Tournez à gauche sur {road}", "Tournez à droite sur {road}", "Tournez franchement à gauche sur {road}",
                   "Tournez franchement à droite sur {road}", "Faites demi-tour sur {road}"],
        towards: " en direction de {dest}", heading: " et continuez vers {dir}", stayOn: " pour rester sur {road}",
        continueOn: "Continuez tout droit sur {road}", continueOnto: "Continuez sur {road}",
        continueHeading: "Continuez vers {dir}",
        keep: ["Restez à gauche", "Restez à droite"], onto: " sur {road}",
        head: "Dirigez-vous vers {dir}", headOn: "Dirigez-vous vers {dir} sur {road}",
        roundabout: "Au rond-point, prenez la {exit} sortie", takeExit: "Prenez la sortie {exit}",
        arrive: ["Votre destination est droit devant", "Votre destination est à gauche", "Votre destination est à droite",
                 "Vous êtes à destination"],
        headFor: "Dirigez-vous vers {dir} sur {dist}", headingFor: " et continuez vers {dir} sur {dist}",
        modeTitle: ["Itinéraire en voiture de {a} à {b}", "Itinéraire à vélo de {a} à {b}", "Itinéraire à pied de {a} à {b}"],
        title: "Itinéraire de {a} à {b}", estimated: "Durée estimée : {time}",
        ordinal: { n in n == 1 ? "1re" : "\(n)e" },
        decimalComma: true)

    static let spanish = Phrasebook(
        compass: ["el norte", "el noreste", "el este", "el sureste", "el sur", "el suroeste", "el oeste", "el noroeste"],
        turn: ["Continúe recto", "Gire ligeramente a la izquierda", "Gire ligeramente a la derecha", "Gire a la izquierda",
               "Gire a la derecha", "Gire bruscamente a la izquierda", "Gire bruscamente a la derecha",
               "Haga un cambio de sentido"],
        turnOnto: ["Continúe recto por {road}", "Gire ligeramente a la izquierda hacia {road}",
                   "Gire ligeramente a la derecha hacia {road}", "Gire a la izquierda hacia {road}",
                   "Gire a la derecha hacia {road}", "Gire bruscamente a la izquierda hacia {road}",
                   "Gire bruscamente a la derecha hacia {road}", "Haga un cambio de sentido hacia {road}"],
        towards: " en dirección a {dest}", heading: " y continúe hacia {dir}", stayOn: " para continuar por {road}",
        continueOn: "Continúe recto por {road}", continueOnto: "Continúe por {road}", continueHeading: "Continúe hacia {dir}",
        keep: ["Manténgase a la izquierda", "Manténgase a la derecha"], onto: " hacia {road}",
        head: "Diríjase hacia {dir}", headOn: "Diríjase hacia {dir} por {road}",
        roundabout: "En la rotonda, tome la {exit} salida", takeExit: "Tome la salida {exit}",
        arrive: ["Su destino está enfrente", "Su destino está a la izquierda", "Su destino está a la derecha",
                 "Ha llegado a su destino"],
        headFor: "Diríjase hacia {dir} durante {dist}", headingFor: " y continúe hacia {dir} durante {dist}",
        modeTitle: ["Indicaciones en coche de {a} a {b}", "Indicaciones en bicicleta de {a} a {b}",
                    "Indicaciones a pie de {a} a {b}"],
        title: "Indicaciones de {a} a {b}", estimated: "Tiempo estimado: {time}",
        ordinal: { n in "\(n).ª" },
        decimalComma: true)

    static let italian = Phrasebook(
        compass: ["nord", "nord-est", "est", "sud-est", "sud", "sud-ovest", "ovest", "nord-ovest"],
        turn: ["Prosegui dritto", "Svolta leggermente a sinistra", "Svolta leggermente a destra", "Svolta a sinistra",
               "Svolta a destra", "Svolta nettamente a sinistra", "Svolta nettamente a destra", "Fai inversione a U"],
        turnOnto: ["Prosegui dritto su {road}", "Svolta leggermente a sinistra su {road}",
                   "Svolta leggermente a destra su {road}", "Svolta a sinistra su {road}", "Svolta a destra su {road}",
                   "Svolta nettamente a sinistra su {road}", "Svolta nettamente a destra su {road}",
                   "Fai inversione a U su {road}"],
        towards: " in direzione {dest}", heading: " e prosegui verso {dir}", stayOn: " per restare su {road}",
        continueOn: "Prosegui dritto su {road}", continueOnto: "Prosegui su {road}", continueHeading: "Prosegui verso {dir}",
        keep: ["Mantieni la sinistra", "Mantieni la destra"], onto: " su {road}",
        head: "Dirigiti verso {dir}", headOn: "Dirigiti verso {dir} su {road}",
        roundabout: "Alla rotonda, prendi la {exit} uscita", takeExit: "Prendi l'uscita {exit}",
        arrive: ["La destinazione è di fronte a te", "La destinazione è sulla sinistra", "La destinazione è sulla destra",
                 "Sei arrivato a destinazione"],
        headFor: "Dirigiti verso {dir} per {dist}", headingFor: " e prosegui verso {dir} per {dist}",
        modeTitle: ["Indicazioni in auto da {a} a {b}", "Indicazioni in bicicletta da {a} a {b}",
                    "Indicazioni a piedi da {a} a {b}"],
        title: "Indicazioni da {a} a {b}", estimated: "Tempo stimato: {time}",
        ordinal: { n in "\(n)ª" },
        decimalComma: true)
}
